/** The example spreadsheet of a list import (columns nome, numero, email), served with the web app. */
export const EXAMPLE_SPREADSHEET_URL = "/planilha-exemplo.xlsx";
