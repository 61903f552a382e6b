import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { signOut } from '../../api/sign-out';
import { useDismiss } from '../../hooks/useDismiss';
import { SESSION_QUERY_KEY, useSession } from '../../hooks/useSession';
import { Link, NavLink, useLocation } from '../../router';
import { siteName } from '../../site';
import { AccountMenu } from './AccountMenu';
import { LanguageChoices, LanguageMenu } from './LanguageMenu';

/**
 * The navigation bar. On wide screens the links sit in the bar with an account dropdown; on phones a
 * hamburger opens the same links in a panel, with the languages to choose from. The translate button sits at the
 * bar's end on every screen. Which links show depends on the session, for display only.
 */
export function NavBar() {
  const { t } = useTranslation();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const panelId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useDismiss(menuOpen, closeMenu, headerRef, toggleRef);

  // A navigation closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change by design
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const onLogout = async () => {
    try {
      await signOut();
    } catch (error) {
      // A failed logout is only logged; the session is asked again, so the bar shows what the server says.
      console.error('logout failed', error);
    }
    await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };

  const links = [
    { to: '/', label: t('nav.home') },
    { to: '/gallery', label: t('nav.gallery') },
    { to: '/events', label: t('nav.events') },
    { to: '/me', label: t('nav.myGallery') },
    { to: '/contact', label: t('nav.bookNow') },
    ...(user?.isAdmin ? [{ to: '/admin', label: t('nav.admin') }] : []),
  ];

  return (
    <header className="site-header" ref={headerRef}>
      <nav className="container site-nav" aria-label={t('nav.mainLabel')}>
        <Link to="/" className="site-nav__brand">
          {/* Low: React would otherwise announce the logo as a preload ahead of the page's largest picture. */}
          <img src="/favicon.svg" alt="" width="32" height="32" fetchPriority="low" />
          <span>{siteName()}</span>
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="site-nav__toggle"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true" className="site-nav__toggle-bars" />
        </button>
        <div id={panelId} className="site-nav__panel" data-open={menuOpen}>
          <ul className="site-nav__links">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className="site-nav__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
            {!user && (
              <li>
                <NavLink to="/login" className="site-nav__link site-nav__link--login">
                  {t('nav.login')}
                </NavLink>
              </li>
            )}
          </ul>
          {user && (
            <>
              <ul className="site-nav__links site-nav__mobile-account">
                <li className="site-nav__identity">{user.name || user.email}</li>
                {!user.isAdmin && (
                  <li>
                    <NavLink to="/me/orders" className="site-nav__link">
                      {t('nav.myOrders')}
                    </NavLink>
                  </li>
                )}
                <li>
                  <NavLink to="/change-password" className="site-nav__link">
                    {t('nav.changePassword')}
                  </NavLink>
                </li>
                <li>
                  <button type="button" className="site-nav__link site-nav__logout" onClick={() => void onLogout()}>
                    {t('nav.logout')}
                  </button>
                </li>
              </ul>
              <AccountMenu user={user} onLogout={onLogout} />
            </>
          )}
          <div className="site-nav__languages">
            <LanguageChoices
              optionClassName="site-nav__language"
              onChosen={() => {
                closeMenu();
                toggleRef.current?.focus();
              }}
            />
          </div>
        </div>
        <LanguageMenu />
      </nav>
    </header>
  );
}
