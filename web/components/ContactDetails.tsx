import { useTranslation } from 'react-i18next';
import { telHref } from '../../shared/phone';
import type { ContactDetails as Details } from '../../shared/schemas/site';
import { useSiteInfo } from '../api/site';
import './contact-details.css';

/**
 * The photographer's contact details as links: call, WhatsApp, e-mail, Instagram, Facebook. Only the ones the
 * photographer set are shown, and nothing at all (not even the heading) when none is. Numbers and addresses are
 * left-to-right inside a right-to-left page (<bdi dir="ltr">), so "050-123 4567" never reads backwards.
 */
export function ContactDetails({
  className = '',
  heading,
  sectionClassName,
}: {
  className?: string;
  heading?: string;
  /** The class of the section around the heading and the list: the page that asks for a heading lays it out. */
  sectionClassName?: string;
}) {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const details: Details | undefined = site.data?.contact;
  if (!details) return null;
  const links = [
    details.phone && { key: 'phone', href: telHref(details.phone), shown: details.phone },
    details.whatsapp && { key: 'whatsapp', href: details.whatsapp, shown: null },
    details.email && { key: 'email', href: `mailto:${details.email}`, shown: details.email },
    details.instagram && { key: 'instagram', href: details.instagram, shown: null },
    details.facebook && { key: 'facebook', href: details.facebook, shown: null },
  ].filter((link): link is { key: string; href: string; shown: string | null } => !!link);
  if (links.length === 0) return null;
  const list = (
    <ul className={`contact-details ${className}`} aria-label={t('contactDetails.label')}>
      {links.map((link) => (
        <li key={link.key}>
          <a href={link.href} className="contact-details__link" rel={link.shown ? undefined : 'noopener noreferrer'}>
            <span className="contact-details__name">{t(`contactDetails.${link.key}`)}</span>
            {link.shown && (
              <bdi dir="ltr" className="contact-details__value">
                {link.shown}
              </bdi>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
  if (!heading) return list;
  return (
    <section className={sectionClassName} aria-labelledby="contact-details-heading">
      <h2 id="contact-details-heading">{heading}</h2>
      {list}
    </section>
  );
}
