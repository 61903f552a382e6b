import { isSiteFolder } from '../../../shared/folders';
import type { Language } from '../../../shared/i18n/languages';
import { isValidEmail } from '../../../shared/schemas/auth';
import type { Client, ClientList } from '../../../shared/schemas/clients';
import { normalizeEmail } from '../../auth/account-service';
import { authErrors } from '../../auth/auth-errors';
import type { BetterAuth } from '../../auth/better-auth';
import type { Config } from '../../env';
import { AppError } from '../../errors';
import { linkEmail } from '../../mail/link-email';
import type { Mailer } from '../../mail/mailer';
import type { ClientRecord, ClientRepository } from '../../repositories/client-repository';
import type { EmailTokenRepository } from '../../repositories/email-token-repository';
import type { FolderRepository } from '../../repositories/folder-repository';
import type { TrashRepository } from '../../repositories/trash-repository';
import { insertClientWithFreeFolder } from '../galleries/client-folders';
import type { GalleryChanged } from '../galleries/gallery-service';
import { CHANGE_EMAIL_TTL_MS, INVITATION_TTL_MS, newEmailToken } from './email-tokens';

/** The language of an invitation when the photographer does not choose one: the site's own. */
const DEFAULT_LANGUAGE: Language = 'he';

export interface ClientsAdminDeps {
  auth: BetterAuth;
  clients: ClientRepository;
  tokens: EmailTokenRepository;
  folders: Pick<FolderRepository, 'folderStats' | 'countFolder'> & Pick<TrashRepository, 'trashFolder'>;
  mailer: Pick<Mailer, 'send'>;
  config: Pick<Config, 'publicUrl' | 'siteName' | 'adminEmail'>;
  /** Creates the hidden placeholder of a new client's folder. */
  createPlaceholder: (folder: string) => Promise<void>;
  /** Told when a removed client's photos leave their gallery. */
  galleryChanged?: GalleryChanged;
  now?: () => Date;
}

const clientNotFound = () => new AppError('not-found', 'There is no such client.');

/**
 * The photographer's side of clients: add them before they have an account, invite them, change their address,
 * remove them without losing their photos, and give a folder without an owner to one of them.
 */
export function createClientsAdmin(deps: ClientsAdminDeps) {
  const { auth, clients, tokens } = deps;
  const now = deps.now ?? (() => new Date());

  function present(
    client: ClientRecord,
    verified: Set<string>,
    stats: Map<string, { itemCount: number; totalSize: number }>,
  ): Client {
    const usage = stats.get(client.folder);
    return {
      id: client.id,
      email: client.email,
      fullName: client.fullName,
      phone: client.phone,
      folder: client.folder,
      hasAccount: client.accountId !== null,
      emailVerified: client.accountId !== null && verified.has(client.accountId),
      pendingEmail: client.pendingEmail,
      invitedAt: client.invitedAt,
      lastSignInAt: client.lastSignInAt,
      createdAt: client.createdAt,
      itemCount: usage?.itemCount ?? 0,
      totalSize: usage?.totalSize ?? 0,
      includedPicks: client.includedPicks,
    };
  }

  async function presentOne(client: ClientRecord): Promise<Client> {
    const [verified, stats] = await Promise.all([clients.verifiedAccountIds(), deps.folders.folderStats()]);
    return present(client, verified, new Map(stats.map((row) => [row.folder, row])));
  }

  /** A valid address that no client, no account and not the admin uses yet; 409 `email-in-use` otherwise. */
  async function freeAddress(raw: string): Promise<string> {
    const email = normalizeEmail(raw);
    if (!isValidEmail(email)) throw authErrors.invalidEmail();
    const context = await auth.$context;
    const taken =
      email === deps.config.adminEmail.toLowerCase() ||
      Boolean(await clients.findByEmail(email)) ||
      Boolean(await context.internalAdapter.findUserByEmail(email));
    if (taken) throw authErrors.emailInUse();
    return email;
  }

  async function found(id: string): Promise<ClientRecord> {
    const client = await clients.findById(id);
    if (!client) throw clientNotFound();
    return client;
  }

  async function send(message: Parameters<typeof linkEmail>[1] & { kind: Parameters<typeof linkEmail>[0] }) {
    const { kind, ...input } = message;
    try {
      await deps.mailer.send(linkEmail(kind, input));
    } catch {
      throw new AppError('unavailable', 'The e-mail could not be sent. Please try again later.');
    }
  }

  return {
    async list(): Promise<ClientList> {
      const [all, verified, stats, unowned] = await Promise.all([
        clients.list(),
        clients.verifiedAccountIds(),
        deps.folders.folderStats(),
        clients.unownedFolders(),
      ]);
      const byFolder = new Map(stats.map((row) => [row.folder, row]));
      return {
        items: all.map((client) => present(client, verified, byFolder)),
        // A folder whose items are all in the trash needs no decision until one is restored.
        unownedFolders: unowned.filter((folder) => folder.itemCount > 0),
      };
    },

    async create(input: {
      email: string;
      fullName: string;
      phone?: string | null;
    }): Promise<{ id: string; folder: string }> {
      const email = await freeAddress(input.email);
      const client = await insertClientWithFreeFolder(clients, {
        email,
        fullName: input.fullName.trim(),
        phone: input.phone ?? null,
        accountId: null,
      });
      await deps.createPlaceholder(client.folder);
      return { id: client.id, folder: client.folder };
    },

    /**
     * Name, phone and the picks included in the client's first order change at once. A new address of a client
     * without an account replaces the old one (and voids the invitations sent to it); a client with an account gets a
     * confirmation link at the new address, and the account (with its gallery) moves there only when it is opened.
     */
    async update(
      id: string,
      input: { email?: string; fullName?: string; phone?: string | null; includedPicks?: number | null },
      language: Language = DEFAULT_LANGUAGE,
    ): Promise<Client> {
      const client = await found(id);
      await clients.update(id, { fullName: input.fullName, phone: input.phone, includedPicks: input.includedPicks });
      const wanted = input.email === undefined ? undefined : normalizeEmail(input.email);
      if (wanted !== undefined && wanted !== client.email) {
        const email = await freeAddress(wanted);
        if (client.accountId) {
          const { token, tokenHash } = newEmailToken();
          await tokens.voidForClient(id, ['change-email'], now());
          await tokens.insert({
            purpose: 'change-email',
            tokenHash,
            clientId: id,
            accountId: client.accountId,
            email,
            expiresAt: new Date(now().getTime() + CHANGE_EMAIL_TTL_MS).toISOString(),
          });
          await clients.update(id, { pendingEmail: email });
          await send({
            kind: 'changeEmail',
            to: email,
            language,
            siteName: deps.config.siteName,
            link: `${deps.config.publicUrl}/verify-email?token=${token}`,
          });
        } else {
          await tokens.voidForClient(id, ['invitation'], now());
          await clients.update(id, { email });
        }
      }
      return presentOne(await found(id));
    },

    /**
     * E-mails an invitation and returns the same link, to be pasted into WhatsApp or a text message. A new invitation
     * voids the earlier ones. A client whose account has proven its address needs none (409 `client-has-account`).
     */
    async invite(id: string, language: Language = DEFAULT_LANGUAGE): Promise<{ link: string; sentAt: string }> {
      const client = await found(id);
      if (client.accountId && (await clients.verifiedAccountIds()).has(client.accountId)) {
        throw new AppError('client-has-account', 'This client already has an account and can sign in.');
      }
      const { token, tokenHash } = newEmailToken();
      const sentAt = now();
      await tokens.voidForClient(id, ['invitation'], sentAt);
      await tokens.insert({
        purpose: 'invitation',
        tokenHash,
        clientId: id,
        accountId: null,
        email: client.email,
        expiresAt: new Date(sentAt.getTime() + INVITATION_TTL_MS).toISOString(),
      });
      const link = `${deps.config.publicUrl}/accept-invite?token=${token}`;
      await send({
        kind: 'invitation',
        to: client.email,
        language,
        siteName: deps.config.siteName,
        link,
        values: { name: client.fullName },
      });
      await clients.markInvited(id, sentAt);
      return { link, sentAt: sentAt.toISOString() };
    },

    /**
     * Removes a client and their account (every session ends at once). Their photos are not lost: they go to the
     * trash, restorable for 30 days, and a restored item reappears under "folders without an owner".
     */
    async remove(id: string): Promise<{ trashedItems: number }> {
      const client = await found(id);
      const at = now();
      await tokens.voidForClient(id, ['invitation', 'change-email'], at);
      if (client.accountId) {
        const context = await auth.$context;
        await context.internalAdapter.deleteUserSessions(client.accountId);
        await context.internalAdapter.deleteUser(client.accountId);
      }
      const trashedItems = await deps.folders.trashFolder(client.folder, at);
      if (trashedItems > 0) deps.galleryChanged?.(client.folder);
      await clients.delete(id);
      return { trashedItems };
    },

    /**
     * Gives a folder without an owner to a client whose own folder is still empty (409 `folder-not-empty`). A folder the
     * site owns is refused first, whatever else the request says (403 `site-folder`): given to one client, a
     * competition's folder would hand them every rider's photos.
     */
    async assignFolder(folder: string, clientId: string): Promise<Client> {
      if (isSiteFolder(folder)) {
        throw new AppError(
          'site-folder',
          'This folder belongs to the site itself (the main gallery or a competition); it cannot be given to a client.',
        );
      }
      const client = await found(clientId);
      if (await clients.findByFolder(folder)) {
        throw new AppError('conflict', 'This folder already belongs to someone.');
      }
      const unowned = await clients.unownedFolders();
      if (!unowned.some((item) => item.folder === folder)) throw new AppError('not-found', 'There is no such folder.');
      if ((await deps.folders.countFolder(client.folder)) > 0) {
        throw new AppError(
          'folder-not-empty',
          'This client’s gallery already has photos; it cannot take another folder.',
        );
      }
      await clients.update(clientId, { folder });
      return presentOne(await found(clientId));
    },
  };
}

export type ClientsAdmin = ReturnType<typeof createClientsAdmin>;
