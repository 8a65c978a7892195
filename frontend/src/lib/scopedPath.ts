/** Appends ?barberId= to a path: the barber an administrator acts for (the barber panel's scope). */
export function scopedPath(path: string, params: { barberId?: number }): string {
  return params.barberId ? `${path}?barberId=${params.barberId}` : path;
}
