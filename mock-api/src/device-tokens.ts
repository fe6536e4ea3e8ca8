/**
 * Device tokens (api-server, issue 41): a successful login answers a `Device-Token` header for
 * its account, and the next login to that account sends it back, so a flood of wrong passwords
 * from elsewhere does not lock this device's member out (OWASP's device cookies, kept by the
 * client: the apps call the API with fetch from another origin, without cookies). Kept in
 * localStorage per account, the last few accounts only. The in-browser backend never answers one.
 */
export const DEVICE_TOKEN_HEADER = 'Device-Token';

export interface DeviceTokenStore {
  get(account: string): string | null;
  set(account: string, token: string): void;
}

const STORAGE_KEY = 'orbit-device-tokens';
/** Accounts remembered on one browser (the oldest is forgotten first). */
const MAX_ACCOUNTS = 5;

const accountKey = (username: string) => username.trim().toLowerCase();

function read(storage: Storage): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The browser's store (localStorage), or one that keeps nothing where there is none. */
export function browserDeviceTokens(): DeviceTokenStore {
  const storage = (): Storage | undefined => {
    try {
      return typeof localStorage === 'undefined' ? undefined : localStorage;
    } catch {
      // Storage refused (privacy settings): logins work, only without the device's exemption.
      return undefined;
    }
  };
  return {
    get(account) {
      const s = storage();
      const value = s ? read(s)[accountKey(account)] : undefined;
      return typeof value === 'string' ? value : null;
    },
    set(account, token) {
      const s = storage();
      if (!s) return;
      const all = read(s);
      delete all[accountKey(account)];
      all[accountKey(account)] = token;
      const kept = Object.entries(all).slice(-MAX_ACCOUNTS);
      try {
        s.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(kept)));
      } catch {
        // Storage full: the next login simply goes without it.
      }
    },
  };
}
