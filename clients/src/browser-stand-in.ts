// What a user's browser does in an OAuth login, for CLIs that "open a browser" (through the
// `open` package's xdg-open, which runs $BROWSER): load the authorization URL, where the test
// authorization server approves at once, and follow its redirect to the CLI's callback listener.
import { approveLogin } from './approve-login.ts';

const url = process.argv[2];
if (!url) process.exit(2);
try {
  await approveLogin(url);
} catch (error) {
  process.stderr.write(`browser stand-in: ${(error as Error).message}\n`);
  process.exit(1);
}
