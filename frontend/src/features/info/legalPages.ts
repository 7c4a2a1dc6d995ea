/** The static legal files in frontend/public, with the text shown when one fails to load. */
export const TERMS_PAGE = { route: '/terms', src: '/terms.html', title: 'Terms of Service', errorText: 'Error loading Terms of Service.' };
export const PRIVACY_PAGE = { route: '/privacy', src: '/privacy.html', title: 'Privacy Policy', errorText: 'Error loading Privacy Policy.' };
