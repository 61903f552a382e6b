import { useEffect } from 'react';

type BadgingNavigator = Navigator & {
  setAppBadge?: (count?: number) => Promise<void>;
  clearAppBadge?: () => Promise<void>;
};

/**
 * Puts `count` on the installed app's icon (the Badging API), cleared at 0; nothing happens where the browser has no
 * such API, or before the count is known. A refusal (the app is not installed, say) is not the photographer's
 * concern, so it is ignored.
 */
export function useAppBadge(count: number | undefined): void {
  useEffect(() => {
    if (count === undefined || typeof navigator === 'undefined') return;
    const badging = navigator as BadgingNavigator;
    const ignore = () => {};
    if (count > 0) badging.setAppBadge?.(count).catch(ignore);
    else if (badging.clearAppBadge) badging.clearAppBadge().catch(ignore);
    else badging.setAppBadge?.(0).catch(ignore);
  }, [count]);
}
