import { errorCatalogue, ResponseCode } from '@jcbb/contract';

/** A PostgreSQL error as node-postgres and PGlite raise it; Drizzle wraps it as the `cause` of its own error. */
export interface PgError {
  code: string;
  severity: string;
  message: string;
  table?: string;
  constraint?: string;
}

/** The PostgreSQL error behind `thrown`, if any: the error itself or one of its causes. */
export function findPgError(thrown: unknown): PgError | null {
  let current: unknown = thrown;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const e = current as Partial<PgError> & { cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code) && typeof e.severity === 'string') {
      return e as PgError;
    }
    current = e.cause;
  }
  return null;
}

interface Mapped {
  status: number;
  code: (typeof ResponseCode)[keyof typeof ResponseCode];
  msg: string;
}

const invalid = (msg: string): Mapped => ({ status: 400, code: ResponseCode.INVALID_INPUT, msg });
const conflict: Mapped = {
  status: errorCatalogue[ResponseCode.CONFLICT].status,
  code: ResponseCode.CONFLICT,
  msg: errorCatalogue[ResponseCode.CONFLICT].msg,
};

/**
 * PostgreSQL errors that a user's input can cause (SQLSTATE, PostgreSQL appendix A). They answer 4xx, not 500, but
 * each one means a schema or a service let a value through that it should have refused with a field message: the
 * error handler logs them at warn with the request id so they get fixed where they start.
 */
const USER_CAUSED: Record<string, Mapped> = {
  '22001': invalid('内容过长'), // string_data_right_truncation
  '22003': invalid('数值超出范围'), // numeric_value_out_of_range
  '22007': invalid('日期格式不正确'), // invalid_datetime_format
  '22008': invalid('日期超出范围'), // datetime_field_overflow
  '22021': invalid('内容包含无法保存的字符'), // character_not_in_repertoire (e.g. U+0000)
  '22025': invalid('搜索内容包含无效的转义字符'), // invalid_escape_sequence (LIKE pattern)
  '22P02': invalid('请求参数有误'), // invalid_text_representation
  '22P05': invalid('内容包含无法保存的字符'), // untranslatable_character
  '23502': invalid('请求参数有误'), // not_null_violation
  '23514': invalid('请求参数有误'), // check_violation
  '23503': conflict, // foreign_key_violation: a referenced record is missing or still in use
  '23505': { status: 409, code: ResponseCode.CONFLICT, msg: '记录已存在' }, // unique_violation
};

export function mapPgError(error: PgError): Mapped | null {
  return USER_CAUSED[error.code] ?? null;
}

/**
 * What of a database error may be logged: its SQLSTATE, PostgreSQL's one-line message and the names of the table
 * and constraint. Never Drizzle's wrapper, whose message holds the SQL text and every bound parameter (password
 * hashes and tokens among them), nor PostgreSQL's `detail`, which repeats the offending values.
 */
export function loggablePgError(error: PgError) {
  return {
    type: 'DatabaseError',
    pgCode: error.code,
    message: error.message,
    table: error.table,
    constraint: error.constraint,
  };
}
