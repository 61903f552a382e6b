import { useTranslation } from 'react-i18next';
import type { SessionUser } from '../../../shared/schemas/session';
import { usePopup } from '../../hooks/useDismiss';
import { Link } from '../../router';

/** The desktop account dropdown: the user's name or e-mail, account links, and logout. */
export function AccountMenu({ user, onLogout }: { user: SessionUser; onLogout: () => Promise<void> }) {
  const { t } = useTranslation();
  const { open, close, containerRef, popupId: menuId, buttonProps } = usePopup();

  return (
    <div className="account-menu" ref={containerRef}>
      <button {...buttonProps} className="account-menu__button" aria-label={t('nav.accountMenu')}>
        <span aria-hidden="true" className="account-menu__icon" />
      </button>
      <div id={menuId} className="account-menu__popup" hidden={!open}>
        <p className="account-menu__identity" dir="auto">
          {user.name || user.email}
        </p>
        <ul>
          <li>
            <Link to="/account" onClick={close}>
              {t('nav.account')}
            </Link>
          </li>
          {!user.isAdmin && (
            <li>
              <Link to="/me/orders" onClick={close}>
                {t('nav.myOrders')}
              </Link>
            </li>
          )}
          <li>
            <Link to="/change-password" onClick={close}>
              {t('nav.changePassword')}
            </Link>
          </li>
          <li>
            <button
              type="button"
              onClick={() => {
                close();
                void onLogout();
              }}
            >
              {t('nav.logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
