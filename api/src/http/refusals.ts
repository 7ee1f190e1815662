import { bodyContentType, type ErrorCode, type ListedEndpoint } from '@bo/contracts/all';
import { z } from 'zod';
import { requestLimits, uploadLimits } from '../limits';

// One reason for a refusal: the catalogue codes it comes with (none when it is one of a family), and why.
export type Cause = { codes: ErrorCode[]; reason: string };

// A status a call may be refused with, and every cause of it.
export type Refusal = {
  status: number;
  causes: Cause[];
  // Refused after the token was checked: the answer carries a refreshed token, as a success does.
  authenticated: boolean;
};

// The fields of a body, as the wire sends them.
function bodyFields(body: z.ZodType): string[] {
  const schema = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>;
  };
  return Object.keys(schema.properties ?? {});
}

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;

// Every refusal a call may answer, derived from its entry alone: who may call it, its path, its input, whether it
// writes records and whether it checks a password. The auth hook and the one error handler give these statuses.
export function refusals(endpoint: ListedEndpoint): Refusal[] {
  const open = endpoint.access === 'public';
  const permission = typeof endpoint.access === 'object' ? endpoint.access : null;
  // A write under the permission table changes records, which rules about each record and the rules of the data guard
  // (docs/data-rules.md).
  const recordWrite = permission !== null && endpoint.method !== 'GET';
  // A save that sends the version it read (docs/data-rules.md).
  const versioned = endpoint.body !== undefined && bodyFields(endpoint.body).includes('version');
  const hasInput = endpoint.params !== undefined || endpoint.query !== undefined || endpoint.body !== undefined;
  const authenticated = !open;
  const contentType = endpoint.body === undefined ? null : bodyContentType(endpoint.method);

  const candidates: Array<{ status: number; causes: Array<Cause | false>; authenticated: boolean }> = [
    {
      status: 401,
      causes: [
        endpoint.loginAttempt === true && {
          codes: ['autenticationFailed'],
          reason: open ? 'wrong trigram or password' : 'wrong current password',
        },
        !open && {
          codes: ['unauthorized', 'tokenExpired', 'tokenInvalid', 'tokenBlacklisted'],
          reason: 'no valid token: the client drops the one it has',
        },
      ],
      authenticated: false,
    },
    {
      status: 403,
      causes: [
        (!open || endpoint.loginAttempt === true) && { codes: ['inactiveUser'], reason: 'the account is deactivated' },
        permission !== null && {
          codes: ['forbidden'],
          reason: `the caller's roles lack the permission ${permission.resource}:${permission.action}`,
        },
        recordWrite && {
          codes: ['forbidden', 'notAllowed'],
          reason: 'a rule about this very record refuses it (whose it is, its state)',
        },
      ],
      authenticated,
    },
    {
      status: 404,
      causes: [
        endpoint.params !== undefined &&
          // A public call tells nothing about what exists: an unknown key answers as an unknown path does.
          { codes: [open ? 'unknownCommand' : 'modelNotFound'], reason: 'no such record, or none the caller may see' },
      ],
      authenticated,
    },
    {
      status: 409,
      causes: [
        versioned && {
          codes: ['editConflict'],
          reason:
            'the record changed since the version sent: the error carries `conflict`, the version now, who changed it and when',
        },
        recordWrite && {
          codes: [],
          reason:
            'a rule of the data refuses the change: an existing value (`existing…`), an inactive record (`inactive…`), records that depend on it (`cantDeactivate…`, `integrityError`)',
        },
      ],
      authenticated,
    },
    {
      status: 413,
      causes: [
        endpoint.body !== undefined && {
          codes: ['dataInvalid'],
          reason:
            endpoint.file === undefined
              ? `the body is larger than ${size(requestLimits.bodyBytes)}, or a field than ${size(requestLimits.fieldBytes)}`
              : `the file is larger than ${size(uploadLimits.fileBytes)}, or another field than ${size(requestLimits.fieldBytes)}`,
        },
      ],
      authenticated,
    },
    {
      status: 415,
      causes: [
        contentType !== null && {
          codes: ['dataInvalid'],
          reason: `the body is not ${contentType}, the form this method's bodies take`,
        },
      ],
      // Checked before the token: the wire protocol holds for every call.
      authenticated: false,
    },
    {
      status: 422,
      causes: [hasInput && { codes: ['dataInvalid'], reason: 'invalid input: each error names its `field`' }],
      authenticated,
    },
    {
      status: 429,
      causes: [
        endpoint.loginAttempt === true && {
          codes: ['notAllowed'],
          reason: 'too many failed password checks from this address: try again later',
        },
      ],
      authenticated,
    },
  ];
  return candidates
    .map(({ status, causes, authenticated: afterToken }) => ({
      status,
      causes: causes.filter((cause) => cause !== false),
      authenticated: afterToken,
    }))
    .filter((refusal) => refusal.causes.length > 0);
}
