/** What `npm run demo` puts on a fresh instance: a few channels, each with short clips. */

export interface DemoVideo {
  title: string;
  description: string;
  hashtag: string;
  seconds: number;
  /** An ffmpeg lavfi video graph; every clip is generated, no media ships in the repository. */
  video: string;
  /** Optional lavfi audio graph, for the clips that are about sound. */
  audio?: string;
}

export interface DemoChannel {
  username: string;
  fullName: string;
  /** Two colours for the generated avatar and cover image. */
  colors: [string, string];
  videos: DemoVideo[];
}

export const DEMO_PASSWORD = 'vidshare-demo';

export const DEMO_CHANNELS: DemoChannel[] = [
  {
    username: 'pixelgarden',
    fullName: 'Pixel Garden',
    colors: ['#2e7d32', '#a5d6a7'],
    videos: [
      {
        title: 'Sunrise over a pixel meadow',
        description:
          'Five calm seconds of a generated sky warming up from violet to gold. Put it on loop and breathe.',
        hashtag: '#nature #sunrise #relax',
        seconds: 5,
        video:
          "nullsrc=s=320x180:r=24,format=gbrp,geq=r='clip(60+150*T/5+40*Y/H,0,255)':g='clip(30+110*T/5+30*Y/H,0,255)':b='clip(140-90*T/5+30*(1-Y/H),0,255)'",
      },
      {
        title: 'Forest colours drifting through the day',
        description:
          'A single forest green slowly shifting hue, like light moving through leaves. Made entirely from code.',
        hashtag: '#nature #forest #ambient',
        seconds: 4,
        video: "color=c=0x2e7d32:s=640x360:r=24,hue=h='40*sin(2*PI*t/4)'",
      },
    ],
  },
  {
    username: 'signalroom',
    fullName: 'Signal Room',
    colors: ['#1565c0', '#ffca28'],
    videos: [
      {
        title: 'A440 tuning tone for your instrument',
        description:
          'Six seconds of a clean 440 Hz sine wave, the concert pitch A. Tune your guitar, violin or voice against it.',
        hashtag: '#music #tuning #a440',
        seconds: 6,
        video: 'testsrc2=s=640x360:r=24',
        audio: 'sine=frequency=440:sample_rate=44100',
      },
      {
        title: 'SMPTE colour bars with a 1 kHz tone',
        description:
          'The classic broadcast test signal: colour bars for checking your screen and a 1 kHz reference tone for your speakers.',
        hashtag: '#tech #broadcast #music',
        seconds: 4,
        video: 'smptebars=s=640x360:r=24',
        audio: 'sine=frequency=1000:sample_rate=44100',
      },
    ],
  },
  {
    username: 'fractalfriday',
    fullName: 'Fractal Friday',
    colors: ['#6a1b9a', '#ff7043'],
    videos: [
      {
        title: 'Mandelbrot zoom in five seconds',
        description:
          'A quick dive into the Mandelbrot set, rendered frame by frame. Every edge hides another copy of the whole.',
        hashtag: '#math #fractal #mandelbrot',
        seconds: 5,
        video: 'mandelbrot=s=320x180:r=24',
      },
      {
        title: 'Test card countdown',
        description:
          'A moving test card with a running counter: handy for checking playback smoothness and frame timing.',
        hashtag: '#tech #countdown',
        seconds: 3,
        video: 'testsrc=s=320x180:r=24',
      },
    ],
  },
  {
    username: 'arcadelab',
    fullName: 'Arcade Lab',
    colors: ['#c62828', '#26c6da'],
    videos: [
      {
        title: "Conway's Game of Life: a random colony",
        description:
          'A random field of cells following four simple rules. Watch gliders, blinkers and still lifes appear.',
        hashtag: '#gaming #simulation #gameoflife',
        seconds: 4,
        video:
          'life=s=320x180:mold=10:r=24:ratio=0.1:death_color=#C83232:life_color=#00ff00,format=yuv420p',
      },
      {
        title: 'Rule 110 cellular automaton',
        description:
          'One line of cells, one rule, endless structure: the elementary automaton that is Turing complete, scrolling by.',
        hashtag: '#gaming #retro #automaton',
        seconds: 2,
        video: 'cellauto=s=320x180:rule=110:r=24:random_fill_ratio=0.5,format=yuv420p',
      },
    ],
  },
];
