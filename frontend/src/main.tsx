import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadLiveConnectionWhenSignedIn } from './app/liveConnection';
import { checkAnswersWith } from './lib/api';
import { trackInAppHistory } from './lib/inAppHistory';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// Development builds check each answer against its schema in shared; production builds never load them for it.
if (import.meta.env.DEV) checkAnswersWith(() => import('@barber/shared'));

loadLiveConnectionWhenSignedIn();
// Before the first navigation: each history entry the app pushes knows how deep in the app it is.
trackInAppHistory();

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
