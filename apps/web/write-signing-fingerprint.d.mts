export declare const SIGNING_FINGERPRINT_FILE: string;
export interface SigningKey {
  appCode: string;
  authKey: string;
  secret: string;
}
export declare function signingFromEnv(env: Record<string, string | undefined>): SigningKey;
export declare function fingerprintFileText(key: SigningKey): string;
