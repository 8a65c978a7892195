/** The brand shown on screen (the specification calls it only "the product"). */
export const APP_NAME = 'Mobile Barber';
