import { useSession } from '../stores/session';

/*
 * The live connection (lib/socket: socket.io-client and the shared zod schemas) serves signed-in
 * users only, so it is not in the entry bundle: it is imported once a user is signed in, and from
 * then on follows the session itself (connects, reconnects as another user, closes on sign-out).
 */
export function loadLiveConnectionWhenSignedIn(): void {
  let requested = false;
  const check = (signedIn: boolean) => {
    if (!signedIn || requested) return;
    requested = true;
    import('../lib/socket').then(
      () => unsubscribe(),
      (error: unknown) => {
        // Try again at the next session change (e.g. the next sign-in).
        requested = false;
        console.error('Could not load the live connection', error);
      },
    );
  };
  const unsubscribe = useSession.subscribe((state) => check(state.user !== null));
  check(useSession.getState().user !== null);
}
