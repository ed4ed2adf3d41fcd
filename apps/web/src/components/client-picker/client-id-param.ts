/** `?clientId=` of a URL: the client the screens hung off one client show (apart from the picker's UI, for route loaders). */
export const readClientIdParam = (params: URLSearchParams): number | undefined => Number(params.get('clientId')) || undefined;
