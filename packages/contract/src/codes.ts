/**
 * The one table of response codes (docs/design.md §3). The server answers every error with one of these and the
 * HTTP status beside it; the web client decides what to do from the code alone.
 */
export const ResponseCode = {
  OK: 0,
  /** The materials service (paths under /materials/ and /open/materials/) answers success with 200. */
  MATERIALS_OK: 200,
  SIGNING_PARAMS_MISSING: 10001,
  SIGNATURE_MISMATCH: 10002,
  TIMESTAMP_OUT_OF_WINDOW: 10003,
  NONCE_REUSED: 10004,
  UNKNOWN_APP_OR_KEY: 10005,
  NO_SESSION: 10100,
  SIGNED_IN_ELSEWHERE: 10101,
  INVALID_INPUT: 40000,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  PAYLOAD_TOO_LARGE: 41300,
  UNSUPPORTED_MEDIA_TYPE: 41500,
  TOO_MANY_ATTEMPTS: 42900,
  INTERNAL: 50000,
  UNAVAILABLE: 50300,
} as const;

export type ResponseCodeValue = (typeof ResponseCode)[keyof typeof ResponseCode];

/** HTTP status and the default (zh-CN) message of each error code. */
export const errorCatalogue: Record<Exclude<ResponseCodeValue, 0 | 200>, { status: number; msg: string }> = {
  [ResponseCode.SIGNING_PARAMS_MISSING]: { status: 400, msg: '缺少签名参数' },
  [ResponseCode.SIGNATURE_MISMATCH]: { status: 401, msg: '签名校验失败' },
  [ResponseCode.TIMESTAMP_OUT_OF_WINDOW]: { status: 401, msg: '请求已过期，请校准本机时间后重试' },
  [ResponseCode.NONCE_REUSED]: { status: 401, msg: '重复的请求' },
  [ResponseCode.UNKNOWN_APP_OR_KEY]: { status: 401, msg: '未知的应用或密钥' },
  [ResponseCode.NO_SESSION]: { status: 401, msg: '登录已失效，请重新登录' },
  [ResponseCode.SIGNED_IN_ELSEWHERE]: { status: 401, msg: '您的账号已在其他地方登录' },
  [ResponseCode.INVALID_INPUT]: { status: 400, msg: '请求参数有误' },
  [ResponseCode.FORBIDDEN]: { status: 403, msg: '没有权限执行此操作' },
  [ResponseCode.NOT_FOUND]: { status: 404, msg: '记录不存在' },
  [ResponseCode.CONFLICT]: { status: 409, msg: '当前状态不允许此操作' },
  [ResponseCode.PAYLOAD_TOO_LARGE]: { status: 413, msg: '文件过大' },
  [ResponseCode.UNSUPPORTED_MEDIA_TYPE]: { status: 415, msg: '不支持的文件类型' },
  [ResponseCode.TOO_MANY_ATTEMPTS]: { status: 429, msg: '尝试次数过多，请稍后再试' },
  [ResponseCode.INTERNAL]: { status: 500, msg: '服务器开小差了，请稍后再试' },
  [ResponseCode.UNAVAILABLE]: { status: 503, msg: '服务暂不可用，请稍后再试' },
};

/** Codes after which the client must run the re-login flow (spec §8). */
export const reloginCodes: readonly number[] = [ResponseCode.NO_SESSION, ResponseCode.SIGNED_IN_ELSEWHERE];

/** One field's problem in a 40000 answer: `data.fields` lists them. */
export interface FieldError {
  field: string;
  message: string;
}

/** Every JSON answer is `{ code, msg, data }` (docs/design.md §3). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The paths whose success code is 200 instead of 0: the materials service's. */
export const isMaterialsPath = (path: string): boolean =>
  path.startsWith('/materials/') || path.startsWith('/open/materials/');
