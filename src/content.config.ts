/**
 * Content collections, loaded from the SQLite content store at build time
 * (loaders in src/content/loaders.ts; page helpers in src/content/read.ts).
 *
 *   getEntry('blocks', 'home_welcome_title')   -> { type, value, url }
 *   getCollection('posts')                     -> published posts, newest first by `date`
 *   getEntry('site', 'site')                   -> site name, contact details, social links
 *   getCollection('featured')                  -> home strip stones (no prices)
 */
import { defineCollection } from 'astro:content';
import { z } from 'astro/zod';
import { blocksLoader, featuredLoader, postsLoader, siteLoader } from './content/loaders.ts';
import { CAT_TYPES } from './domain/diamond.ts';

const listSection = z.object({ title: z.string(), content: z.string() });

const blocks = defineCollection({
  loader: blocksLoader,
  schema: z.object({
    type: z.enum(['text', 'image', 'list']),
    value: z.union([z.string(), z.array(listSection)]),
    url: z.string().nullable(),
  }),
});

const posts = defineCollection({
  loader: postsLoader,
  schema: z.object({
    postId: z.number().int(),
    title: z.string(),
    url: z.string(),
    snippet: z.string(),
    date: z.coerce.date(),
    src: z.string(),
    related: z.array(z.string()),
  }),
});

const site = defineCollection({
  loader: siteLoader,
  schema: z.object({
    siteName: z.string(),
    contactEmail: z.string(),
    phone: z.string(),
    address: z.array(z.string()),
    socialLinks: z.object({
      facebook: z.string(),
      twitter: z.string(),
      linkedin: z.string(),
      instagram: z.string(),
    }),
  }),
});

const range = z.object({ From: z.string(), To: z.string() }).nullable();

const featured = defineCollection({
  loader: featuredLoader,
  schema: z.object({
    order: z.number().int(),
    special: z.boolean(),
    stockCode: z.string(),
    shape: z.string(),
    catType: z.enum(CAT_TYPES),
    source: z.string(),
    weight: z.number(),
    sizeFrom: z.number().nullable(),
    sizeTo: z.number().nullable(),
    colour: range,
    clarity: range,
    certLab: z.string(),
    img: z.string(),
  }),
});

export const collections = { blocks, posts, site, featured };
