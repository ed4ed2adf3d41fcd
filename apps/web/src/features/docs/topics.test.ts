import { describe, expect, it } from 'vitest';
import { DOC_TOPICS, findTopic, slugify, topicMarkdown } from './topics';

const vars = { product: 'Platform', productSlug: 'platform', supportEmail: 'help@example.com' };
const headingIds = (markdown: string) => [...markdown.matchAll(/^#{2,3} (.+)$/gm)].map((m) => slugify(m[1]));

describe('help topics', () => {
  it('every topic has its markdown, with the product names filled in and no raw HTML', () => {
    for (const topic of DOC_TOPICS) {
      const body = topicMarkdown(topic.slug, vars);
      expect(body.length, topic.slug).toBeGreaterThan(200);
      expect(body, topic.slug).not.toMatch(/\{\{\w+\}\}/);
      expect(body, topic.slug).not.toMatch(/<[a-z][^>]*>/i);
    }
    expect(topicMarkdown('users', vars)).toContain('/platform/users');
  });

  it('covers every form with help icons and the sign-in pages', () => {
    for (const slug of [
      'companies',
      'users',
      'roles',
      'permissions',
      'module-permissions',
      'profile',
      'aes',
      'sign-in',
      'two-step',
      'password-reset',
      'change-history',
      'bulk-uploads',
      'live-updates',
    ]) {
      expect(findTopic(slug), slug).toBeDefined();
    }
    expect(findTopic('nope')).toBeUndefined();
    expect(findTopic(undefined)).toBeUndefined();
  });

  it('has a heading for each field anchor the forms link to', () => {
    const anchors: Record<string, string[]> = {
      roles: ['name', 'description'],
      profile: ['first-name', 'last-name', 'phone', 'profile-image', 'primary-colour', 'secondary-colour'],
      users: [
        'first-name',
        'last-name',
        'email',
        'password',
        'role',
        'company',
        'phone',
        'profile-image',
        'primary-colour',
        'secondary-colour',
        'status',
        'two-step-sign-in',
      ],
      companies: ['company-name', 'email', 'phone', 'website', 'address', 'status', 'logo'],
      'manage-actions': ['client', 'action-name', 'action-type', 'value', 'tone-code', 'status'],
      'sign-in': ['email', 'password', 'keep-me-logged-in'],
      'password-reset': ['password', 'confirm-password'],
      'second-factors': ['role-policy', 'recovery-codes', 'passkeys'],
    };
    for (const [slug, ids] of Object.entries(anchors)) {
      const present = headingIds(topicMarkdown(slug, vars));
      for (const id of ids) expect(present, `/docs/${slug}#${id}`).toContain(id);
    }
  });

  it('slugifies headings the way anchors are written', () => {
    expect(slugify('Primary colour')).toBe('primary-colour');
    expect(slugify('Forgot password?')).toBe('forgot-password');
    expect(slugify('  Two-step sign-in ')).toBe('two-step-sign-in');
  });
});
