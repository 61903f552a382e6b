import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_REPORT_NOTE_MAX } from '../../../shared/payment-rules';
import type { PaymentKind } from '../../../shared/schemas/payments';
import type { ClientOrder } from '../../../shared/schemas/proofing';
import { ORDER_QUERY_PREFIXES, paymentsApi } from '../../api/payments';
import { useSubmit } from '../../hooks/useSubmit';
import { currentLanguage } from '../../i18n';
import { FormSubmit } from '../FormSubmit';

/** A day as people read it in `language` ("24 Nov 2026"). */
function formatDay(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}

/**
 * "I paid": the client says how they paid (one of the ways offered), with a note if they like; the photographer is
 * told and confirms it. Once reported, the order says so, and the report can be corrected while the order is unpaid.
 */
export function PaymentReport({ order, kinds }: { order: ClientOrder; kinds: readonly PaymentKind[] }) {
  const { t, i18n } = useTranslation(['sales', 'home', 'common']);
  const language = currentLanguage(i18n);
  const queryClient = useQueryClient();
  const id = useId();
  const [editing, setEditing] = useState(order.paymentReport === null);
  const send = useSubmit((body: { method: PaymentKind; note: string }) => paymentsApi.report(order.id, body), {
    onSuccess: async () => {
      setEditing(false);
      await Promise.all(
        ORDER_QUERY_PREFIXES.map((queryKey) => queryClient.invalidateQueries({ queryKey: [...queryKey] })),
      );
    },
  });
  // The answer carries the report at once; the lists catch up when they are fetched again.
  const report = send.data?.paymentReport ?? order.paymentReport;
  const [method, setMethod] = useState<PaymentKind>(report?.method ?? kinds[0] ?? 'cash');
  const [note, setNote] = useState(report?.note ?? '');

  if (report && !editing) {
    return (
      <div className="payment-report payment-report--sent" data-testid="payment-report">
        <p role="status">
          {t('report.sent', {
            method: t(`home:pricing.methods.${report.method}`),
            date: formatDay(report.at, language),
          })}
        </p>
        {report.note ? (
          <p className="muted">
            {t('report.yourNote')} <bdi>{report.note}</bdi>
          </p>
        ) : null}
        <button type="button" className="button button--ghost" onClick={() => setEditing(true)}>
          {t('report.change')}
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.submit({ method, note });
  };
  return (
    <form className="payment-report" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('report.title')}</h4>
      <p className="muted">{t('report.intro')}</p>
      <div className="form-field">
        <label htmlFor={`${id}-method`}>{t('report.method')}</label>
        <select
          id={`${id}-method`}
          name="method"
          value={method}
          onChange={(event) => setMethod(event.target.value as PaymentKind)}
        >
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {t(`home:pricing.methods.${kind}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="form-field">
        <label htmlFor={`${id}-note`}>{t('report.note')}</label>
        <span id={`${id}-note-hint`} className="muted">
          {t('report.noteHint')}
        </span>
        <textarea
          id={`${id}-note`}
          name="note"
          dir="auto"
          rows={2}
          maxLength={PAYMENT_REPORT_NOTE_MAX}
          aria-describedby={`${id}-note-hint`}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div className="payment-report__actions">
        <FormSubmit
          busy={send.busy}
          error={send.errorKey ? t(send.errorKey) : null}
          label={t('report.send')}
          busyLabel={t('report.sending')}
        />
        {report ? (
          <button type="button" className="button button--ghost" onClick={() => setEditing(false)}>
            {t('report.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
