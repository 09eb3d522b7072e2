import { SHARE_GROUP_NOT_FOUND_MESSAGE, SHARE_SECTOR_EMPTY_MESSAGE } from '@portal/contract/share';
import { HttpError } from '../../lib/http-error.js';

/** The group is unknown, deleted, closed or flown: nothing to offer (decision 026). */
export function createShareGroupNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'share.group_not_found', message: SHARE_GROUP_NOT_FOUND_MESSAGE });
}

/** No offered group of the sector departs that day. */
export function createShareSectorEmptyError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'share.sector_empty', message: SHARE_SECTOR_EMPTY_MESSAGE });
}
