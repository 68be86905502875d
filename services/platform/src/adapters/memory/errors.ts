/** The read-store errors are the port's; re-exported for the adapter's own modules. */
export {
  DuplicateKeyError,
  InvalidDocumentError,
  InvalidQueryError,
  InvalidUpdateError,
} from '../../ports/readStore';
