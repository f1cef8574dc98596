/** "Six · A · 12": where a student sits, as the list and the profile show it. */
export function placeText(place: {
  className: string
  sectionName: string | null
  roll: number
}): string {
  return [place.className, place.sectionName, String(place.roll)].filter(Boolean).join(' · ')
}
