/**
 * The dashboard's pages, in one place: their segments under `/dashboard`, as the router nests
 * them, and their full addresses, as menus and links use them (requirements §2).
 */
export const dashboardSegments = {
  myProfile: 'myprofile',
  addReview: 'addareview',
  payment: 'payment/:id',
  manageOrders: 'manageorders',
  users: 'users',
  manageProducts: 'manageproducts',
  addProduct: 'addproduct',
  editProduct: 'editproduct/:id',
  activity: 'activity',
  overview: 'overview',
  outbox: 'outbox',
  backups: 'backups',
} as const;

const DASHBOARD = '/dashboard';
const under = (segment: string) => `${DASHBOARD}/${segment}`;

export const dashboardPaths = {
  /** My Orders for a customer; an admin is sent on to the Overview. */
  index: DASHBOARD,
  myProfile: under(dashboardSegments.myProfile),
  addReview: under(dashboardSegments.addReview),
  payment: (orderId: string) => under(`payment/${encodeURIComponent(orderId)}`),
  manageOrders: under(dashboardSegments.manageOrders),
  users: under(dashboardSegments.users),
  manageProducts: under(dashboardSegments.manageProducts),
  addProduct: under(dashboardSegments.addProduct),
  editProduct: (partId: string) => under(`editproduct/${encodeURIComponent(partId)}`),
  activity: under(dashboardSegments.activity),
  overview: under(dashboardSegments.overview),
  outbox: under(dashboardSegments.outbox),
  backups: under(dashboardSegments.backups),
};
