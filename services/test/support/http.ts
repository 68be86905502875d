/** The JSON body of a response, untyped: tests assert on its shape. */
export const json = async (response: Response): Promise<any> => response.json();
