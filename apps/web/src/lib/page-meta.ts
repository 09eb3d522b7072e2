import { useEffect } from 'react';

/** The site name every page title ends with; index.html holds the same default title. */
export const SITE_NAME = 'Group Fares';

/** The title a page gets: 'About Us | Group Fares'. */
export function pageTitle(title: string): string {
  return `${title} | ${SITE_NAME}`;
}

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.appendChild(tag);
  }
  return tag;
}

/**
 * Sets document.title and the meta description while a page is shown (issue 7: "each public page has its
 * title and description"), and puts the previous values back when it leaves, so a page without the hook
 * keeps index.html's defaults.
 */
export function usePageMeta({ title, description }: { title: string; description: string }): void {
  useEffect(() => {
    const tag = descriptionTag();
    const previousTitle = document.title;
    const previousDescription = tag.content;
    document.title = pageTitle(title);
    tag.content = description;
    return () => {
      document.title = previousTitle;
      tag.content = previousDescription;
    };
  }, [title, description]);
}
