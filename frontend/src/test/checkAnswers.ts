import { checkAnswersWith } from '../lib/api';

/* Tests check every answer their fakes give against its schema in shared, as development builds do (main.tsx). */
checkAnswersWith(() => import('@barber/shared'));
