import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WATERMARK_LAYOUTS, type WatermarkSettings } from '../../../../shared/schemas/proofing';
import { ApiError } from '../../../api/client';
import { errorMessageKey } from '../../../api/error-messages';
import { FormMessage } from '../../../components/FormMessage';
import { useSubmit } from '../../../hooks/useSubmit';
import { ordersApi, ordersKeys, watermarkLogoUrl } from '../orders/orders-api';
import { AdminPanel } from '../shared/AdminPanel';
import { FilePickButton } from '../shared/FilePickButton';
import { PanelQueryState } from '../shared/PanelQueryState';
import { SubmitWithMessages } from '../shared/SubmitWithMessages';
import { WatermarkPreview } from './WatermarkPreview';

/** The longest watermark text the server takes (watermarkRequestSchema). */
const TEXT_MAX = 80;

/** A refused logo is explained by what a logo must be; other failures keep their own message. */
function logoErrorKey(error: unknown): string {
  if (
    error instanceof ApiError &&
    ['invalid-argument', 'unsupported-media-type', 'payload-too-large'].includes(error.code)
  ) {
    return 'admin:watermark.logoRefused';
  }
  return errorMessageKey(error);
}

/** The text and layout: saved together, and seen on a photo as they are changed. */
function WatermarkForm({
  settings,
  onSaved,
}: {
  settings: WatermarkSettings;
  onSaved: (next: WatermarkSettings) => void;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(settings.text);
  const [layout, setLayout] = useState(settings.layout);
  const textId = useId();
  const save = useSubmit(ordersApi.saveWatermark, { onSuccess: onSaved });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      save.fail('admin:watermark.textRequired');
      return;
    }
    save.submit({ text: text.trim(), layout });
  };
  return (
    <form className="watermark-form" onSubmit={submit} aria-label={t('watermark.title')} noValidate>
      <div className="form-field">
        <label htmlFor={textId}>{t('watermark.text')}</label>
        <input
          id={textId}
          name="text"
          value={text}
          maxLength={TEXT_MAX}
          onChange={(event) => setText(event.currentTarget.value)}
        />
      </div>
      <fieldset className="order-step__choices">
        <legend>{t('watermark.layout')}</legend>
        {WATERMARK_LAYOUTS.map((value) => (
          <label key={value} className="order-step__choice">
            <input
              type="radio"
              name="layout"
              value={value}
              checked={layout === value}
              onChange={() => setLayout(value)}
            />
            {t(`watermark.layouts.${value}`)}
          </label>
        ))}
      </fieldset>
      <WatermarkPreview
        text={text}
        layout={layout}
        logoUrl={settings.hasLogo ? watermarkLogoUrl(settings.version) : null}
      />
      <SubmitWithMessages
        state={save}
        label={t('watermark.save')}
        busyLabel={t('orders.working')}
        success={save.done ? t('watermark.saved') : null}
      />
    </form>
  );
}

/** The logo: upload a PNG (it replaces the text on the proofs), see it, remove it. */
function LogoField({ settings, onSaved }: { settings: WatermarkSettings; onSaved: (next: WatermarkSettings) => void }) {
  const { t } = useTranslation('admin');
  const [message, setMessage] = useState<string | null>(null);
  const upload = useSubmit(ordersApi.uploadLogo, {
    onSuccess: (next) => {
      setMessage('watermark.logoSaved');
      onSaved(next);
    },
    errorKey: logoErrorKey,
  });
  const remove = useSubmit(ordersApi.removeLogo, {
    onSuccess: (next) => {
      setMessage('watermark.logoRemoved');
      onSaved(next);
    },
  });
  const busy = upload.busy || remove.busy;
  const errorKey = upload.errorKey ?? remove.errorKey;
  useEffect(() => {
    if (errorKey) setMessage(null);
  }, [errorKey]);
  return (
    <div className="watermark-logo">
      <h3>{t('watermark.logo')}</h3>
      <p className="muted">{t('watermark.logoHint')}</p>
      {settings.hasLogo ? (
        <img
          className="watermark-logo__preview"
          src={watermarkLogoUrl(settings.version)}
          alt={t('watermark.logoPreview')}
        />
      ) : (
        <p className="muted">{t('watermark.noLogo')}</p>
      )}
      <div className="watermark-logo__actions">
        <FilePickButton
          label={upload.busy ? t('watermark.uploading') : t('watermark.chooseLogo')}
          inputLabel={t('watermark.chooseLogo')}
          accept="image/png"
          className="button button--ghost"
          disabled={busy}
          testId="watermark-logo-input"
          onFile={(file) => {
            setMessage(null);
            if (file.type && file.type !== 'image/png') upload.fail('admin:watermark.logoRefused');
            else upload.submit(file);
          }}
        />
        {settings.hasLogo ? (
          <button
            type="button"
            className="button button--ghost button--danger"
            disabled={busy}
            onClick={() => {
              setMessage(null);
              upload.reset();
              remove.submit(undefined);
            }}
          >
            {remove.busy ? t('orders.working') : t('watermark.removeLogo')}
          </button>
        ) : null}
      </div>
      {message ? <FormMessage kind="success" text={t(message)} /> : null}
      <FormMessage kind="error" text={errorKey ? t(errorKey) : null} />
    </div>
  );
}

/**
 * The watermark every proof carries: the text (the site's name by default) or a PNG logo, tiled across the picture
 * or once in the centre. A change makes the proofs again in the background.
 */
export function WatermarkPanel() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: ordersKeys.watermark, queryFn: ordersApi.watermark });
  const onSaved = (next: WatermarkSettings) => queryClient.setQueryData(ordersKeys.watermark, next);
  return (
    <AdminPanel
      className="watermark-panel"
      titleId="watermark-title"
      title={t('watermark.title')}
      intro={t('watermark.intro')}
    >
      <PanelQueryState query={query} error={t('watermark.loadFailed')}>
        {(data) => (
          <div className="admin-card watermark-panel__body">
            <WatermarkForm settings={data} onSaved={onSaved} />
            <LogoField settings={data} onSaved={onSaved} />
          </div>
        )}
      </PanelQueryState>
    </AdminPanel>
  );
}
