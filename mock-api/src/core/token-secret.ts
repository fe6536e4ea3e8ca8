/**
 * The fake backend's signing secret (./tokens.ts). Never printed; but it ships in the apps'
 * bundle, so it is public: api-server refuses it as API_TOKEN_SECRET in production.
 */
export const FAKE_BACKEND_TOKEN_SECRET = 'social-mfe/mock-api :: 5b1f0c2e-hmac-secret-7d93a4 :: do-not-ship-to-a-real-server';
