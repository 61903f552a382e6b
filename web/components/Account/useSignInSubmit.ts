import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../../shared/schemas/session';
import { authErrorKey } from '../../api/auth';
import { SESSION_QUERY_KEY } from '../../hooks/useSession';
import { useSubmit } from '../../hooks/useSubmit';
import { useNavigate, useQueryParams } from '../../router';
import { landingAfterSignIn } from './landing';

/**
 * Sends a form whose success signs the visitor in (log in, sign up): the session is read again before leaving, so
 * the next page already knows who is there, then the page goes to `?next=` or the user's landing (landing.ts).
 */
export function useSignInSubmit<TVariables>(call: (variables: TVariables) => Promise<SessionUser>) {
  const params = useQueryParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useSubmit(call, {
    onSuccess: async (user) => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      navigate(landingAfterSignIn(user, params.get('next')), { replace: true });
    },
    errorKey: (failure) => authErrorKey(failure),
  });
}
