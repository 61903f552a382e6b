import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { usePopup } from '../../hooks/useDismiss';
import { currentLanguage, switchLanguage } from '../../i18n';

/**
 * The floating translate button. Choosing a language switches at once, without a reload: the new
 * language's texts load, then <html lang dir> flip, and the choice is remembered (localStorage and cookie).
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { open, close, toggle, containerRef, buttonRef, popupId: menuId } = usePopup();
  const active = currentLanguage(i18n);

  const choose = async (language: Language) => {
    close();
    await switchLanguage(i18n, language);
    buttonRef.current?.focus();
  };

  return (
    <div className="language-menu" ref={containerRef}>
      {open && (
        <ul className="language-menu__list" id={menuId} aria-label={t('language.menuLabel')}>
          {LANGUAGES.map((language) => (
            <li key={language}>
              <button
                type="button"
                lang={language}
                className="language-menu__option"
                aria-current={language === active ? 'true' : undefined}
                onClick={() => void choose(language)}
              >
                {LANGUAGE_NAMES[language]}
              </button>
            </li>
          ))}
        </ul>
      )}
      <button
        ref={buttonRef}
        type="button"
        className="language-menu__button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          width="20"
          height="20"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </svg>
        <span>{t('language.button')}</span>
        <span className="language-menu__current" lang={active}>
          {active.toUpperCase()}
        </span>
      </button>
    </div>
  );
}
