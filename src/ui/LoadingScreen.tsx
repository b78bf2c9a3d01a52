import { Spinner } from './Spinner';
import { title as pageTitle } from './screen.css';

export interface LoadingScreenProps {
  /** The page's name: a screen reader lands on a heading, not on a lone spinner. */
  title: string;
  /** h1 on its own screen, h2 when a platform page embeds it under its own heading. */
  headingLevel?: 1 | 2;
}

/** What a screen shows while its data loads: its heading, then the spinner. */
export function LoadingScreen({ title, headingLevel = 1 }: LoadingScreenProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div>
      <Heading className={pageTitle}>{title}</Heading>
      <Spinner />
    </div>
  );
}
