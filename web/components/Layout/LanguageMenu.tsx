import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../shared/i18n/languages';
import { usePopup } from '../../hooks/useDismiss';
import { currentLanguage, switchLanguage } from '../../i18n';

/**
 * The five languages as buttons, each named in its own language, the current one marked. Choosing one switches at
 * once, without a reload: the new language's texts load, then <html lang dir> flip, and the choice is remembered
 * (in the `lng` cookie, which the server reads too). `onChosen` runs once the page speaks the new language.
 */
export function LanguageChoices({
  id,
  optionClassName,
  onChosen,
}: {
  id?: string;
  optionClassName: string;
  onChosen?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const active = currentLanguage(i18n);
  const choose = async (language: Language) => {
    await switchLanguage(i18n, language);
    onChosen?.();
  };
  return (
    <ul className="language-choices" id={id} aria-label={t('language.menuLabel')}>
      {LANGUAGES.map((language) => (
        <li key={language}>
          <button
            type="button"
            lang={language}
            className={optionClassName}
            aria-current={language === active ? 'true' : undefined}
            onClick={() => void choose(language)}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The translate button, with its menu of languages. It lives in the sticky header, so it is always on screen without
 * ever covering a photo, the footer or a status line; the header hides it while a dialog or the viewer is open.
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const { open, close, containerRef, buttonRef, popupId: menuId, buttonProps } = usePopup();
  const active = currentLanguage(i18n);

  return (
    <div className="language-menu" ref={containerRef}>
      {/* The list is only in the page while open, so the button names it only then. */}
      <button {...buttonProps} className="language-menu__button" aria-controls={open ? menuId : undefined}>
        <span aria-hidden="true" className="language-menu__globe" />
        {/* The globe and the language's code say it to the eye, and fit a phone's bar; the word is for screen readers. */}
        <span className="visually-hidden">{t('language.button')}</span>
        <span className="language-menu__current" lang={active}>
          {active.toUpperCase()}
        </span>
      </button>
      {open && (
        <div className="language-menu__list">
          <LanguageChoices
            id={menuId}
            optionClassName="language-menu__option"
            onChosen={() => {
              close();
              buttonRef.current?.focus();
            }}
          />
        </div>
      )}
    </div>
  );
}
