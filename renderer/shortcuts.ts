/** The device search box: "/" and Ctrl+F focus it from anywhere. */
export const SEARCH_INPUT_ID = 'device-search';
