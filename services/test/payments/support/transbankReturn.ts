/**
 * Transbank's return of the buyer's browser to our return page (Webpay Plus's return_url, Oneclick's
 * response_url): a form POST, or a GET with the fields in the query. Never followed, so the test reads the
 * 303 and where it sends the browser.
 */
export const transbankReturn = (
  returnUrl: string,
  fields: Record<string, string>,
  method: 'POST' | 'GET' = 'POST',
) =>
  method === 'POST'
    ? fetch(returnUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
      })
    : fetch(`${returnUrl}${returnUrl.includes('?') ? '&' : '?'}${new URLSearchParams(fields)}`, {
        redirect: 'manual',
      });
