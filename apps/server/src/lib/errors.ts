import { errorCatalogue, type FieldError, ResponseCode, type ResponseCodeValue } from '@jcbb/contract';

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

export const notFound = (message?: string) => new AppError(ResponseCode.NOT_FOUND, message);
export const forbidden = (message?: string) => new AppError(ResponseCode.FORBIDDEN, message);
export const conflict = (message?: string) => new AppError(ResponseCode.CONFLICT, message);
/** A 40000 answer naming the fields at fault: `data.fields` = [{ field, message }]. */
export const invalidInput = (fields: FieldError[], message?: string) =>
  new AppError(ResponseCode.INVALID_INPUT, message ?? fields[0]?.message, { fields });
