import { useTranslation } from 'react-i18next';
import { isolateFor } from '../../../shared/bidi';
import type { Language } from '../../../shared/i18n/languages';
import { formatMoney } from '../../../shared/money';
import type { PicksResponse } from '../../../shared/schemas/proofing';
import './picking.css';

interface PicksSummaryProps {
  picks: PicksResponse;
  language: Language;
  /** The last refused change, as a translation key. */
  errorKey: string | null;
  onSend: () => void;
}

/**
 * The live summary of the selection: how many are picked, what it comes to, and why (the deposit's included photos,
 * then the price of each further one, both from the server's price data). It sits at the bottom of the screen while
 * the client scrolls through the photos. Amounts are isolated, so ₪ and the digits keep their order in Hebrew and
 * Arabic sentences.
 */
export function PicksSummary({ picks, language, errorKey, onSend }: PicksSummaryProps) {
  const { t } = useTranslation(['proofing', 'common']);
  const allowance = picks.includedLimit;
  const price = isolateFor(language, formatMoney(picks.unitPrice, language));

  return (
    <section className="sticky-bar picks-summary" aria-label={t('summary.label')} data-testid="picks-summary">
      <div className="picks-summary__figures">
        <p className="picks-summary__count" role="status">
          <span data-testid="picks-count">{t('summary.count', { count: picks.count })}</span>
          <span className="picks-summary__total">
            {t('summary.total')}{' '}
            <bdi className="picks-summary__amount" data-testid="picks-total">
              {formatMoney(picks.total, language)}
            </bdi>
          </span>
        </p>
        <p className="picks-summary__explain muted" data-testid="picks-explain">
          {allowance === 0
            ? t('summary.explainNoDeposit', { price })
            : t(picks.includedByPhotographer ? 'summary.explainIncluded' : 'summary.explain', {
                count: allowance,
                price,
              })}
        </p>
      </div>
      <div className="picks-summary__action">
        {picks.locked ? (
          <p className="picks-summary__locked">{t('summary.locked')}</p>
        ) : (
          <button type="button" className="button" disabled={picks.count === 0} onClick={onSend}>
            {t('summary.send')}
          </button>
        )}
      </div>
      {errorKey ? (
        <p className="picks-summary__error" role="alert">
          {t(errorKey)}
        </p>
      ) : null}
    </section>
  );
}
