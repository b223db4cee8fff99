/**
 * Starts the fake Slack, Microsoft and Google servers for the browser tests (scripts/e2e.mjs) and
 * prints the environment the app server needs as one JSON line; runs until killed.
 */
import { FAKE_CLOUD_CLIENT, startFakeGoogle, startFakeMicrosoft } from './fake-cloud.ts';
import { FAKE_SLACK_CLIENT, startFakeSlack } from './fake-slack.ts';

const [slack, microsoft, google] = await Promise.all([
  startFakeSlack(),
  startFakeMicrosoft(),
  startFakeGoogle(),
]);

const env = {
  SLACK_CLIENT_ID: FAKE_SLACK_CLIENT.id,
  SLACK_CLIENT_SECRET: FAKE_SLACK_CLIENT.secret,
  SLACK_API_URL: slack.apiUrl,
  SLACK_OAUTH_URL: slack.oauthUrl,
  MICROSOFT_CLIENT_ID: FAKE_CLOUD_CLIENT.id,
  MICROSOFT_CLIENT_SECRET: FAKE_CLOUD_CLIENT.secret,
  MICROSOFT_LOGIN_URL: microsoft.loginUrl,
  MICROSOFT_GRAPH_URL: microsoft.graphUrl,
  GOOGLE_CLIENT_ID: FAKE_CLOUD_CLIENT.id,
  GOOGLE_CLIENT_SECRET: FAKE_CLOUD_CLIENT.secret,
  GOOGLE_AUTH_URL: google.authUrl,
  GOOGLE_OAUTH_URL: google.oauthUrl,
  GOOGLE_API_URL: google.apiUrl,
  /** Not read by the app: the browser specs use it to drive the fake Slack. */
  E2E_FAKE_SLACK_URL: slack.url,
};
process.stdout.write(`FAKES ${JSON.stringify(env)}\n`);

const stop = () => {
  void Promise.all([slack.close(), microsoft.close(), google.close()]).then(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
