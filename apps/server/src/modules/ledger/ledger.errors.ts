import { AGENT_NOT_FOUND_MESSAGE } from '@portal/contract/ledger';
import { required } from '@portal/contract/common';
import { createFieldError, HttpError } from '../../lib/http-error.js';

/** An admin reads one agent's ledger and must say which (ledger.ts decisions); agents never need to. */
export function createAgentIdRequiredError(): HttpError {
  return createFieldError({ code: 'ledger.agent_id_required', field: 'agent_id', message: required('agent id') });
}

export function createAgentNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'ledger.agent_not_found', message: AGENT_NOT_FOUND_MESSAGE });
}
