import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { WATERMARK_LAYOUTS, WatermarkSettings } from '../../../shared/schemas/proofing';
import type { VersionedWatermark } from '../../media/proofs';
import { WATERMARK_STYLE } from '../../media/watermark';
import type { SettingsRepository } from '../../repositories/settings-repository';
import type { Storage } from '../../storage/storage';

/** The settings key of the photographer's watermark; absent until they first change it. */
export const WATERMARK_SETTING = 'proofs.watermark';

/** What the settings table keeps: the choices, and where the logo's bytes are in storage. */
export interface StoredWatermark {
  text: string;
  layout: (typeof WATERMARK_LAYOUTS)[number];
  logo: { key: string; hash: string } | null;
}

export interface WatermarkStoreDependencies {
  settings: Pick<SettingsRepository, 'get' | 'set'>;
  storage: Pick<Storage, 'get'>;
  /** The text of the watermark until the photographer chooses another. */
  siteName: string;
}

/**
 * A short hash of everything a proof's look depends on: the text, the layout, the logo's bytes and the drawing code's
 * style number. Proofs record it; an item whose proofs carry another version gets new ones.
 */
function versionOf(stored: StoredWatermark): string {
  const parts = [WATERMARK_STYLE, stored.text, stored.layout, stored.logo?.hash ?? ''];
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 12);
}

/**
 * The watermark as the photographer set it (the site's name, tiled, by default), read by the proof service and by
 * the proof job, so both agree on the current version.
 */
export function createWatermarkStore(deps: WatermarkStoreDependencies) {
  async function stored(): Promise<StoredWatermark> {
    const saved = await deps.settings.get<StoredWatermark>(WATERMARK_SETTING);
    return saved ?? { text: deps.siteName, layout: 'tiled', logo: null };
  }

  function present(watermark: StoredWatermark): WatermarkSettings {
    return {
      text: watermark.text,
      layout: watermark.layout,
      hasLogo: watermark.logo !== null,
      version: versionOf(watermark),
    };
  }

  async function logoOf(watermark: StoredWatermark): Promise<Buffer | null> {
    return watermark.logo ? buffer((await deps.storage.get(watermark.logo.key)).stream) : null;
  }

  return {
    stored,

    settings: async (): Promise<WatermarkSettings> => present(await stored()),

    /** The logo's bytes, or null when there is none. */
    logo: async (): Promise<Buffer | null> => logoOf(await stored()),

    /** Everything a proof job needs to draw the current watermark. */
    async current(): Promise<VersionedWatermark> {
      const watermark = await stored();
      const { version } = present(watermark);
      return { text: watermark.text, layout: watermark.layout, logo: await logoOf(watermark), version };
    },

    async save(watermark: StoredWatermark): Promise<WatermarkSettings> {
      await deps.settings.set(WATERMARK_SETTING, watermark);
      return present(watermark);
    },
  };
}

export type WatermarkStore = ReturnType<typeof createWatermarkStore>;
