import { ApiError } from './client';

/**
 * What a form does with an answer of the API's limits (issue 13): a 401 asks the visitor for the seed's
 * "Soy humano!" click (000-8.03) and the form is sent again after it; a 429 says to come back later.
 */
export function limitAnswerOf(error: unknown): 'robot' | 'tooMany' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 401) return 'robot';
  if (error.status === 429) return 'tooMany';
  return null;
}
