import {
  errorCatalogue,
  type FieldError,
  type OrgTypeValue,
  orgTypeLabels,
  ResponseCode,
  type ResponseCodeValue,
} from '@jcbb/contract';

type ErrorCode = Exclude<ResponseCodeValue, 0 | 200>;

/** An error a user may cause; the error handler answers it with its code, status and message, nothing more. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly data: unknown = null,
  ) {
    super(message ?? errorCatalogue[code].msg);
    this.name = 'AppError';
    this.status = errorCatalogue[code].status;
  }
}

/**
 * 429 42900 with the time to wait, which the error handler puts in Retry-After (RFC 9110, whole seconds).
 * `what` names what there was too much of (attempts at a password, lookups); `repeat` marks a refusal after the
 * first of its window, logged at debug instead of warn so a flood does not flood the log too.
 */
export class ThrottledError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(
    retryAfterMs: number,
    what = '尝试次数过多',
    readonly repeat = false,
  ) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
    super(
      ResponseCode.TOO_MANY_ATTEMPTS,
      seconds < 60 ? `${what}，请 ${seconds} 秒后再试` : `${what}，请 ${Math.ceil(seconds / 60)} 分钟后再试`,
    );
    this.retryAfterSeconds = seconds;
  }
}

export const notFound = (message?: string) => new AppError(ResponseCode.NOT_FOUND, message);
export const forbidden = (message?: string) => new AppError(ResponseCode.FORBIDDEN, message);
export const conflict = (message?: string) => new AppError(ResponseCode.CONFLICT, message);
/** A 40000 answer naming the fields at fault: `data.fields` = [{ field, message }]. */
export const invalidInput = (fields: FieldError[], message?: string) =>
  new AppError(ResponseCode.INVALID_INPUT, message ?? fields[0]?.message, { fields });

/**
 * The one refusal for a call reserved to some organisation types (`orgTypes` on `defineRoute`, or a service's own
 * check): "只有建材生产企业、经销商可以执行此操作" — the same words wherever the rule applies.
 */
export const orgTypesForbidden = (orgTypes: readonly OrgTypeValue[]) =>
  forbidden(`只有${orgTypes.map((t) => orgTypeLabels[t].zh).join('、')}可以执行此操作`);
