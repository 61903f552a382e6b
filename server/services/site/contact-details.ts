import { type ContactDetails, NO_CONTACT_DETAILS } from '../../../shared/schemas/site';
import type { SettingsRepository } from '../../repositories/settings-repository';

/** The settings key of the photographer's contact details; absent until they first save them. */
export const CONTACT_DETAILS_SETTING = 'site.contact';

/**
 * The photographer's contact details, kept in the settings table as one JSON value. What is stored has passed
 * contactDetailsInputSchema, so it is read back as it is; a key missing from an older value reads as unset.
 */
export function createContactDetailsService(deps: { settings: Pick<SettingsRepository, 'get' | 'set'> }) {
  return {
    async get(): Promise<ContactDetails> {
      const saved = await deps.settings.get<Partial<ContactDetails>>(CONTACT_DETAILS_SETTING);
      return { ...NO_CONTACT_DETAILS, ...saved };
    },

    async save(details: ContactDetails): Promise<ContactDetails> {
      await deps.settings.set(CONTACT_DETAILS_SETTING, details);
      return details;
    },
  };
}

export type ContactDetailsService = ReturnType<typeof createContactDetailsService>;
