/** Error codes of the API (docs/design.md §4) and the HTTP status each maps to. */
export const errorStatus = {
  VALIDATION_FAILED: 400,
  BELOW_MINIMUM: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** An administrator who must enrol in two-factor sign-in (setting twoFactorEnabled) before using the admin area. */
  TWO_FACTOR_SETUP_REQUIRED: 403,
  ZIPCODE_BLACKLISTED: 403,
  NOT_FOUND: 404,
  VERSION_CONFLICT: 409,
  SLOT_TAKEN: 409,
  INVALID_TRANSITION: 409,
  CONFLICT: 409,
  /** A booking's time rules (docs/design.md §3): too early or too late for that step, details or the window. */
  TOO_EARLY: 409,
  TOO_LATE: 409,
  DETAILS_MISSING: 409,
  CANCELLATION_WINDOW_PASSED: 409,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  MAINTENANCE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The one error type of the system: a code, its HTTP status, a message for people and optional extra fields. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }
}

/** The JSON body of every error answer. */
export interface ErrorBody {
  message: string;
  code: ErrorCode;
  [field: string]: unknown;
}
