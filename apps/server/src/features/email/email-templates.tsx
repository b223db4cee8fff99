/** @jsxRuntime automatic */
/** @jsxImportSource react */
/**
 * The product's emails (issue 19, ADR 0096), built with React Email: one layout with the company's
 * name and logo, a heading, the facts and one button back to the page concerned. Each renders to
 * HTML and a plain-text part. Every value from users (names, comments, the company name) goes
 * through React, which escapes it; URLs are built here from PUBLIC_URL, never taken from input.
 */

import { ACCEPT_INVITATION_PATH } from '@hr/shared/invitations/invitations.schemas';
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import { render, toPlainText } from '@react-email/render';

/** What React Email renders (its own type, so the server names no browser package). */
type ReactNode = Parameters<typeof render>[0];

/** Who the email is from: the company's name and logo (absolute), and the app's public URL. */
export interface EmailBrand {
  companyName: string;
  /** As stored (a path under the app or an absolute URL); made absolute from `publicUrl`. */
  logoUrl: string | null;
  publicUrl: string;
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  link: string;
}

/** An http(s) URL on the app (or the stored logo's own absolute http(s) URL); null otherwise. */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string | null {
  try {
    const url = new URL(pathOrUrl, publicUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A link back into the app: a path of the SPA (with its query), on PUBLIC_URL. */
export function appLink(publicUrl: string, pathWithQuery: string): string {
  return new URL(pathWithQuery, publicUrl).href;
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Mon 2 Mar 2026" from "2026-03-02" (a calendar date, read in UTC so it never shifts a day). */
export function emailDate(isoDate: string): string {
  return DATE_FORMAT.format(new Date(`${isoDate}T00:00:00Z`)).replace(',', '');
}

/** "Mon 2 Mar 2026" or "Mon 2 Mar 2026 to Fri 6 Mar 2026". */
export function emailDateRange(start: string, end: string): string {
  return start === end ? emailDate(start) : `${emailDate(start)} to ${emailDate(end)}`;
}

/** "3 days", "½ day", "2.5 days". */
export function daysPhrase(days: number): string {
  const rounded = Math.round(days * 10) / 10;
  if (rounded === 0.5) return '½ day';
  return `${rounded} ${rounded === 1 ? 'day' : 'days'}`;
}

const styles = {
  body: {
    backgroundColor: '#f4f4f5',
    fontFamily: 'Arial, Helvetica, sans-serif',
    margin: 0,
    padding: '24px 0',
  },
  container: { backgroundColor: '#ffffff', borderRadius: 8, maxWidth: 560, margin: '0 auto', padding: 24 },
  company: { fontSize: 14, color: '#52525b', margin: '0 0 8px' },
  heading: { fontSize: 20, color: '#18181b', margin: '8px 0 16px' },
  text: { fontSize: 15, lineHeight: '22px', color: '#27272a', margin: '0 0 12px' },
  fact: { fontSize: 15, lineHeight: '22px', color: '#27272a', margin: '0 0 4px' },
  button: {
    backgroundColor: '#18181b',
    borderRadius: 6,
    color: '#ffffff',
    fontSize: 15,
    padding: '10px 18px',
    textDecoration: 'none',
  },
  footer: { fontSize: 12, color: '#71717a', margin: '16px 0 0' },
} as const;

function Layout(props: {
  brand: EmailBrand;
  preview: string;
  heading: string;
  action: { href: string; label: string };
  children: ReactNode;
}) {
  const logo = props.brand.logoUrl ? absoluteUrl(props.brand.logoUrl, props.brand.publicUrl) : null;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section>
            {logo ? (
              <Img src={logo} alt={props.brand.companyName} height="40" style={{ maxHeight: 40 }} />
            ) : null}
            <Text style={styles.company}>{props.brand.companyName}</Text>
          </Section>
          <Heading as="h1" style={styles.heading}>
            {props.heading}
          </Heading>
          {props.children}
          <Section style={{ margin: '20px 0 8px' }}>
            <Button href={props.action.href} style={styles.button}>
              {props.action.label}
            </Button>
          </Section>
          <Text style={styles.footer}>Or open this link: {props.action.href}</Text>
          <Hr />
          <Text style={styles.footer}>
            Sent by Northwind HR for {props.brand.companyName}. You can choose which emails you receive in
            your User Profile.
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Text style={styles.fact}>
      <strong>{label}:</strong> {value}
    </Text>
  );
}

async function renderParts(element: ReactNode, subject: string, link: string): Promise<RenderedEmail> {
  const html = await render(element);
  // A name with a line break must not reach the Subject header as one (header injection).
  const oneLine = subject.replace(/[\r\n\t\u2028\u2029]+/g, ' ');
  return { subject: oneLine, html, text: toPlainText(html), link };
}

// ---------- the emails ----------

export interface NewRequestEmailData {
  requesterName: string;
  typeLabel: string;
  startDate: string;
  endDate: string;
  /** "3 working days, starts at midday" (what the request costs). */
  cost: string;
  workingDays: number;
  /** The requester's remaining days in the holiday year of the request; null when not counted. */
  remainingDays: number | null;
  othersAway: string[];
  reason: string | null;
}

/** To the approver of a new (or moved) pending request. */
export function newRequestEmail(brand: EmailBrand, data: NewRequestEmailData): Promise<RenderedEmail> {
  const link = appLink(brand.publicUrl, '/holidays?tab=approvals');
  const subject = `Holiday request from ${data.requesterName}`;
  const dates = emailDateRange(data.startDate, data.endDate);
  return renderParts(
    <Layout
      brand={brand}
      preview={`${data.requesterName} asked for ${data.typeLabel}, ${dates}`}
      heading="New holiday request"
      action={{ href: link, label: 'Review the request' }}
    >
      <Text style={styles.text}>{data.requesterName} asked for leave and waits for your decision.</Text>
      <Fact label="Type" value={data.typeLabel} />
      <Fact label="Dates" value={dates} />
      <Fact label="Working days" value={data.cost} />
      <Fact
        label="Remaining balance"
        value={data.remainingDays === null ? 'Not counted for this type' : daysPhrase(data.remainingDays)}
      />
      <Fact
        label="Also away"
        value={data.othersAway.length ? data.othersAway.join(', ') : 'Nobody else in the team'}
      />
      {data.reason ? <Fact label="Reason" value={data.reason} /> : null}
    </Layout>,
    subject,
    link,
  );
}

export interface DecisionEmailData {
  status: 'approved' | 'rejected';
  approverName: string;
  typeLabel: string;
  startDate: string;
  endDate: string;
  cost: string;
  comment: string | null;
}

/** To the requester: their request was approved or rejected, with the approver's comment. */
export function decisionEmail(brand: EmailBrand, data: DecisionEmailData): Promise<RenderedEmail> {
  const link = appLink(brand.publicUrl, '/holidays?tab=requests');
  const verb = data.status === 'approved' ? 'approved' : 'rejected';
  const subject = `Your holiday request was ${verb}`;
  const dates = emailDateRange(data.startDate, data.endDate);
  return renderParts(
    <Layout
      brand={brand}
      preview={`${data.typeLabel}, ${dates}: ${verb}`}
      heading={data.status === 'approved' ? 'Holiday request approved' : 'Holiday request rejected'}
      action={{ href: link, label: 'See my requests' }}
    >
      <Text style={styles.text}>
        {data.approverName} {verb} your request.
      </Text>
      <Fact label="Type" value={data.typeLabel} />
      <Fact label="Dates" value={dates} />
      <Fact label="Working days" value={data.cost} />
      <Fact label="Comment" value={data.comment?.trim() ? data.comment : 'No comment'} />
    </Layout>,
    subject,
    link,
  );
}

export interface CancellationEmailData {
  requesterName: string;
  cancelledBy: 'the employee' | 'a super admin';
  typeLabel: string;
  startDate: string;
  endDate: string;
  workingDays: number;
}

/** To the approver of approved leave that was cancelled. */
export function cancellationEmail(brand: EmailBrand, data: CancellationEmailData): Promise<RenderedEmail> {
  const link = appLink(brand.publicUrl, '/holidays?tab=calendar');
  const subject = `Approved leave cancelled: ${data.requesterName}`;
  const dates = emailDateRange(data.startDate, data.endDate);
  return renderParts(
    <Layout
      brand={brand}
      preview={`${data.requesterName}: ${data.typeLabel}, ${dates} was cancelled`}
      heading="Approved leave cancelled"
      action={{ href: link, label: 'Open the team calendar' }}
    >
      <Text style={styles.text}>
        The approved leave of {data.requesterName} was cancelled by {data.cancelledBy}. The days are back in
        the balance.
      </Text>
      <Fact label="Type" value={data.typeLabel} />
      <Fact label="Dates" value={dates} />
      <Fact label="Working days" value={daysPhrase(data.workingDays)} />
    </Layout>,
    subject,
    link,
  );
}

export interface LeaverEmailData {
  employeeName: string;
  position: string | null;
  endDate: string;
}

/** To the super admins, on a leaver's end date. */
export function leaverEmail(brand: EmailBrand, data: LeaverEmailData): Promise<RenderedEmail> {
  const link = appLink(brand.publicUrl, '/employees');
  const subject = `Last day today: ${data.employeeName}`;
  return renderParts(
    <Layout
      brand={brand}
      preview={`${data.employeeName} leaves ${brand.companyName} today`}
      heading="A leaver's last day"
      action={{ href: link, label: 'Open Employee Management' }}
    >
      <Text style={styles.text}>
        Today is the last day of {data.employeeName} at {brand.companyName}. From tomorrow they can no longer
        sign in, and they leave the lists and calendars.
      </Text>
      {data.position ? <Fact label="Position" value={data.position} /> : null}
      <Fact label="Last day" value={emailDate(data.endDate)} />
    </Layout>,
    subject,
    link,
  );
}

/** The password reset (ADR 0054): a link to the SPA's reset page, valid one hour, once. */
export function passwordResetEmail(brand: EmailBrand, link: string): Promise<RenderedEmail> {
  return renderParts(
    <Layout
      brand={brand}
      preview="Choose a new password for Northwind HR"
      heading="Reset your password"
      action={{ href: link, label: 'Choose a new password' }}
    >
      <Text style={styles.text}>
        We received a request to reset the password of your Northwind HR account.
      </Text>
      <Text style={styles.text}>
        Open the link below within one hour to choose a new password (it works once).
      </Text>
      <Text style={styles.text}>
        If you did not ask for this, you can ignore this email: your password stays as it is.
      </Text>
    </Layout>,
    'Reset your Northwind HR password',
    link,
  );
}

/** The invitation's single-use link on PUBLIC_URL (the token is the only part that varies). */
export function invitationLink(publicUrl: string, token: string): string {
  const url = new URL(ACCEPT_INVITATION_PATH, publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

export interface InvitationEmailData {
  /** The raw token (the database keeps only its hash, ADR 0101); the link is built here. */
  token: string;
  /** Who sent the invitation (name, else email). */
  invitedBy: string;
  /** When the link stops working (ISO instant). */
  expiresAt: string;
}

/** The invitation (ADR 0101): a single-use link to choose a password, valid 7 days. */
export function invitationEmail(brand: EmailBrand, data: InvitationEmailData): Promise<RenderedEmail> {
  const link = invitationLink(brand.publicUrl, data.token);
  const company = brand.companyName;
  const until = emailDate(data.expiresAt.slice(0, 10));
  return renderParts(
    <Layout
      brand={brand}
      preview={`${data.invitedBy} invited you to join ${company} on Northwind HR`}
      heading={`Join ${company} on Northwind HR`}
      action={{ href: link, label: 'Accept the invitation' }}
    >
      <Text style={styles.text}>
        {data.invitedBy} invited you to join {company} on Northwind HR.
      </Text>
      <Text style={styles.text}>
        Open the link below to choose your password and sign in. It works once, until {until}.
      </Text>
      <Fact label="Invited by" value={data.invitedBy} />
      <Fact label="Link valid until" value={until} />
      <Text style={styles.text}>If you did not expect this invitation, you can ignore this email.</Text>
    </Layout>,
    `You are invited to ${company} on Northwind HR`,
    link,
  );
}
