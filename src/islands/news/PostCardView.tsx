/** A news post card (cover, date as DD MMMM YYYY, title, snippet), the same markup as PostCard.astro. */
import dayjs from 'dayjs';

export type CardPost = { id: number; title: string; url: string; snippet: string; date: string; cover: string };

export function PostCardView({ post, headingLevel = 3 }: { post: CardPost; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const d = dayjs(post.date);
  return (
    <article className="pc">
      <a className="pc__link" href={post.url}>
        <div className="pc__media">
          {post.cover ? <img src={post.cover} alt="" loading="lazy" decoding="async" /> : null}
        </div>
        <time className="pc__date num" dateTime={d.format('YYYY-MM-DD')}>
          {d.format('DD MMMM YYYY')}
        </time>
        <Heading className="pc__title">{post.title}</Heading>
        {post.snippet ? <p className="pc__snippet">{post.snippet}</p> : null}
      </a>
    </article>
  );
}
