/** The media types of a report's files, as the OpenAPI document names them. */
export const fileMedia = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
}
