/**
 * The user's part of an OAuth login: open the authorization page (the test authorization server
 * approves at once) and follow its redirect to the client's own callback listener.
 */
export async function approveLogin(authorizationUrl: string): Promise<void> {
  const approval = await fetch(authorizationUrl, { redirect: 'manual' });
  const callback = approval.headers.get('location');
  if (!callback) throw new Error(`no redirect from the authorization page (${approval.status})`);
  await fetch(callback);
}
