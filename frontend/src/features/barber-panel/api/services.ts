import { useQuery } from '@tanstack/react-query';
import { answerQuery } from '../../../lib/queryClient';
import { BARBER_SERVICES_KEY } from '../../../lib/serviceMutations';

export function useBarberServices(params: { barberId?: number }, enabled = true) {
  return useQuery({ queryKey: [BARBER_SERVICES_KEY, params], queryFn: answerQuery('servicesAnswerSchema'), enabled });
}
