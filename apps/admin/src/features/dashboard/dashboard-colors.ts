/** The dashboard charts' colours (kept apart from the charts, so the page reads them without loading recharts). */
export const COLORS = {
  yen: '#2456d6',
  gems: '#0f9d8a',
  spent: '#d97706',
  sold: '#2456d6',
  remaining: '#c7d2e5',
  fresh: '#0f9d8a',
  due: '#d97706',
  late: '#b42318',
};
