// Written by `python tools/protocol_types.py` from the schemas the server decodes and
// encodes (the same as docs/protocol.md); tests/js/test_protocol_types.py fails when this
// file is stale. Do not edit it by hand.

declare namespace Protocol {
  /** A seat action stored and applied: the room's new seq and what the writer may see. */
  interface Acked<E> {
    type: "ack";
    id: number;
    seq: number;
    events: E[];
  }
  interface AddBotMessage {
    type: "add_bot";
    level: string;
    id?: number;
  }
  /** The director decides a board, with a reason. */
  interface AdjudicateMessage {
    type: "adjudicate";
    round: number;
    board: number;
    result: "draw" | "first" | "none" | "second";
    reason: string;
    id?: number;
  }
  /** Two seats at a Topword table (`first` starts: K3), its link once open. */
  interface BoardShown {
    first: string;
    second: string;
    table: string | null;
    result: Protocol.ResultShown | null;
  }
  /** A message of the room's chat, as `room.chat_said` shows it; one the server's operator removed has neither text nor phrase, and `removed`. */
  interface ChatLine {
    seq: number;
    seat: string;
    at: number;
    text?: string;
    phrase?: string;
    removed?: boolean;
  }
  /** The server's operator removed the message numbered `said`: pages show « message retiré par la modération » in its place. */
  interface ChatRemovedShown {
    type: "room.chat_removed";
    seq: number;
    said: number;
  }
  /** A seated person said something (docs/rules.md, C1-C4): free text as the room cleaned it, or a set phrase by id, which each page says in its reader's language. */
  interface ChatSaidShown {
    type: "room.chat_said";
    seq: number;
    seat: string;
    at: number;
    text?: string;
    /** A set phrase's id (one of the page data's `chat.phrases`). */
    phrase?: string;
  }
  /** The host turned the room's chat off or on (C5). */
  interface ChatSwitchedShown {
    type: "room.chat_switched";
    seq: number;
    on: boolean;
    /** Who did (null: the system). */
    seat: string | null;
  }
  /** The room's chat (docs/rules.md, C1-C5). */
  interface ChatView {
    /** The host has not turned it off. */
    on: boolean;
    /** The room is open to strangers: set phrases only (C3). */
    public: boolean;
    /** The last messages, oldest first (at most 50; the older ones stay in the room's events). */
    lines: Protocol.ChatLine[];
  }
  interface CheckInMessage {
    type: "check_in";
    id?: number;
  }
  /** A message the server could not read, or a socket it will not serve. */
  interface Error {
    type: "error";
    code: string;
    text: string;
    detail?: string | null;
  }
  /** New events of the room, numbered without holes (one not shown is `hidden`). */
  interface Events<E> {
    type: "events";
    events: E[];
  }
  /** First message: who I am (no token: a spectator) and the last event I hold. */
  interface Hello {
    type: "hello";
    token?: string | null;
    last_seq?: number;
    lang?: string;
  }
  /** An event this seat is not shown, or that could not be shown now: its number only (the client asks for the whole room again). */
  interface Hidden {
    type: "hidden";
    seq: number;
  }
  interface LeaveMessage {
    type: "leave";
    id?: number;
  }
  /** The director holds the next round back (`on`) or lets it be paired. */
  interface PauseMessage {
    type: "pause";
    on: boolean;
    id?: number;
  }
  /** Clock probe: `c` is the client's time (ms), echoed with the server's time. */
  interface Ping {
    type: "ping";
    c: number;
  }
  /** The answer to a ping: the client's time echoed, the server's time. */
  interface Pong {
    type: "pong";
    c: number;
    s: number;
  }
  /** The seats with a socket open now, over every server process. */
  interface Presence {
    type: "presence";
    seats: string[];
  }
  /** The host opens the room to strangers (listed in the lobby, `/salon`) or closes it. */
  interface PublicMessage {
    type: "set_public";
    public: boolean;
    id?: number;
  }
  /** A person says they are ready (or not) for what the room plays next. */
  interface ReadyChangedShown {
    type: "room.ready_changed";
    seq: number;
    seat: string;
    ready: boolean;
  }
  interface ReadyMessage {
    type: "ready";
    ready: boolean;
    id?: number;
  }
  /** A seat action the room would not take (nothing changed), and why, in words. */
  interface Refused {
    type: "refused";
    id: number;
    code: string;
    fields: Record<string, unknown>;
    text: string;
    /** Nothing happened, but the same action may be taken later (the store could not write, the room's owner was away): the page keeps it and sends it again. */
    retryable: boolean;
  }
  interface RegisterMessage {
    type: "register";
    id?: number;
  }
  interface RemoveBotMessage {
    type: "remove_bot";
    seat: string;
    id?: number;
  }
  /** The host removes a person from the room (docs/rules.md, P1). */
  interface RemovePlayerMessage {
    type: "remove_player";
    seat: string;
    id?: number;
  }
  /** The director pairs the round not begun yet anew: each board's two seats. */
  interface RepairMessage {
    type: "repair";
    boards: [string, string][];
    bye?: string | null;
    id?: number;
  }
  /** A board's result: the scores (the first player's first), how it ended (played, forfeit, resigned, absent, adjudicated), who did not come or resigned, the director's reason. */
  interface ResultShown {
    first: number;
    second: number;
    how: string;
    absent: string | null;
    reason: string;
  }
  /** I saw a gap: send me what follows `last_seq`. */
  interface Resync {
    type: "resync";
    last_seq: number;
  }
  /** The server's operator closed the room: nothing more happens in it (its sockets are closed next, code 4452). */
  interface RoomClosedShown {
    type: "room.closed";
    seq: number;
  }
  /** Seq 1 of every room: its kind, its id and its first settings. */
  interface RoomCreatedShown<S> {
    type: "room.created";
    seq: number;
    kind: string;
    room: string;
    settings: S;
    at: number;
  }
  interface RoundShown {
    round: number;
    boards: Protocol.BoardShown[];
    bye: string | null;
    /** Referee time the round starts (the director may pair it anew until then: K9). */
    starts_at: number;
    begun: boolean;
    /** An arena round's room, once open. */
    arena_table: string | null;
    /** An arena round's points are in. */
    scored: boolean;
    /** An arena round's best (at most `ROUND_BEST`, ties by words then registration). */
    best: Protocol.TallyShown[];
  }
  /** A line of the standings: Topword's wins, spread and Buchholz (K5), or Boggle's points and words (K6); the others 0. */
  interface RowShown {
    place: number;
    player: string;
    wins: number;
    spread: number;
    buchholz: number;
    games: number;
    points: number;
    words: number;
    rounds: number;
  }
  /** Free text in the room's chat (docs/rules.md, C2): the room cleans it and refuses it past 200 characters, too fast, in a public room or while a round runs. */
  interface SayMessage {
    type: "say";
    /** As typed: the room removes control and bidi characters, then counts. */
    text: string;
    id?: number;
    key?: string | null;
  }
  /** A set phrase in the room's chat, by id (the page data's `chat.phrases`; C3). */
  interface SayPhraseMessage {
    type: "say_phrase";
    phrase: string;
    id?: number;
    key?: string | null;
  }
  /** A person left, or a computer player was removed. */
  interface SeatLeftShown {
    type: "room.seat_left";
    seq: number;
    seat: string;
    /** Who may give the host's commands now. */
    host: string | null;
    at: number | null;
  }
  /** The host removed a person (docs/rules.md, P1): the seat is gone for good. */
  interface SeatRemovedShown {
    type: "room.seat_removed";
    seq: number;
    seat: string;
    /** Who may give the host's commands now. */
    host: string | null;
    at: number | null;
  }
  /** A seat's name replaced by one that says nobody (its player's account was deleted). */
  interface SeatRenamedShown {
    type: "room.seat_renamed";
    seq: number;
    seat: string;
    name: string;
  }
  /** A person sits down or comes back to their seat, or a computer player is seated. */
  interface SeatTakenShown {
    type: "room.seat_taken";
    seq: number;
    seat: string;
    name: string;
    /** Who may give the host's commands now (the first person still in the room). */
    host: string | null;
    /** A computer player's level; null for a person. */
    level: string | null;
    at: number | null;
  }
  /** A seat as a room's view lists it. */
  interface SeatView {
    seat: string;
    name: string;
    /** A computer player's level; null for a person. */
    bot: string | null;
    /** Still in the room (a person who left keeps the seat's number, not its place). */
    present: boolean;
  }
  /** The host changed the settings (between rounds or games). */
  interface SettingsChangedShown<S> {
    type: "room.settings_changed";
    seq: number;
    settings: S;
    /** Whether the room is open to strangers now: its talk is set phrases only (docs/rules.md, C3). */
    public: boolean;
  }
  /** The host starts what the room plays (a Boggle round, a Topword game). */
  interface StartMessage {
    type: "start";
    id?: number;
  }
  /** The server's store cannot write (`down`: what the page sends is refused as retryable, and kept) or writes again (`up`: the page sends what it kept), told to every socket of the process when it changes, and to a socket opened while it is down. */
  interface Status {
    type: "status";
    store: "down" | "up";
  }
  /** The host turns the room's chat on or off (C5). */
  interface SwitchChatMessage {
    type: "switch_chat";
    on: boolean;
    id?: number;
  }
  /** A player's points and words in one arena round. */
  interface TallyShown {
    player: string;
    points: number;
    words: number;
  }
  /** A tournament as its director set it up. */
  interface TournamentSettings {
    name: string;
    /** Referee time it starts (epoch seconds), unless the director starts it early. */
    starts_at: number;
    format: string;
    /** Rounds of a Swiss or an arena (a round robin has as many as its players need). */
    rounds: number;
    /** The most players registered at once. */
    cap: number;
    /** The check-in opens this long before the start; a registered player who has not checked in by then is left out (0: no check-in, everybody registered plays). */
    check_in_seconds: number;
    /** Between a round's pairing and its start: the director may re-pair it meanwhile. */
    gap_seconds: number;
    /** A player not at their table this long after the round starts forfeits (K8). */
    no_show_seconds: number;
    /** Topword tables: their ruleset and their clock (seconds a move; a day or more is by correspondence). */
    ruleset: string;
    turn_seconds: number;
    /** A computer player's move at a table lasts at least this long (it looks like thinking). */
    bot_seconds: number;
    /** Boggle arena: the preset and each round's length. */
    preset: string;
    round_seconds: number;
    /** Whether its games are rated (R1: accounts and computer players only, as always here). */
    rated: boolean;
    /** Listed in the lobby. */
    public: boolean;
  }
  /** The whole tournament as one seat sees it (all of it is public but for `you`'s table). */
  interface TournamentView {
    kind: "tournament";
    room: string;
    seq: number;
    you: string | null;
    host: string | null;
    director: string | null;
    settings: Protocol.TournamentSettings;
    seats: Protocol.SeatView[];
    /** registration, running, paused, finished, cancelled */
    phase: string;
    names: Record<string, string>;
    bots: string[];
    registered: string[];
    checked_in: string[];
    players: string[];
    out: string[];
    total_rounds: number;
    rounds: Protocol.RoundShown[];
    standings: Protocol.RowShown[];
    podium: string[];
    your_table: Protocol.YourTable | null;
  }
  /** The whole room as this socket's seat sees it, and the server's clock. */
  interface Welcome<V> {
    type: "welcome";
    seat: string | null;
    view: V;
    now: number;
  }
  interface WithdrawMessage {
    type: "withdraw";
    id?: number;
  }
  /** « Votre partie commence » (K10): the round, the board (0: an arena round), the table's link, and the seat there with its token (the page keeps it, as a creator's). */
  interface YourTable {
    round: number;
    board: number;
    table: string;
    seat: string;
    token: string;
  }
  type Message = Protocol.Hello | Protocol.Resync | Protocol.Ping | Protocol.StartMessage | Protocol.ReadyMessage | Protocol.AddBotMessage | Protocol.RemoveBotMessage | Protocol.RemovePlayerMessage | Protocol.LeaveMessage | Protocol.PublicMessage | Protocol.SayMessage | Protocol.SayPhraseMessage | Protocol.SwitchChatMessage;
  namespace arena {
    /** The round's activity lately, sent to every socket of the round every couple of seconds (never one frame per word): how many people are in it, how many wrote a word, and how many words a second were written. */
    interface ArenaActivity {
      type: "arena.activity";
      /** The round's number (a page on another round's socket ignores it). */
      number: number;
      seated: number;
      players: number;
      words_per_second: number;
    }
    /** An ended round as one seat sees it: the field, the best, and its own place. */
    interface ArenaResultShown {
      /** Players of the round (everybody who wrote a word). */
      players: number;
      best_players: Protocol.arena.BestPlayerShown[];
      best_words: Protocol.arena.BestWordShown[];
      /** Words the grid held (B15), and how many of them somebody found. */
      grid_words: number;
      found_words: number;
      /** How the words shown are written, where not as folded: EPEE → [ÉPÉE]. */
      written: Record<string, string[]>;
      seed: string;
      /** This seat's place (absent: it wrote no word, or a spectator). */
      you?: Protocol.arena.PlaceShown;
    }
    /** The round is over at its deadline: the results as this seat sees them. */
    interface ArenaRoundEndedShown {
      type: "arena.round_ended";
      seq: number;
      number: number;
      at: number;
      result: Protocol.arena.ArenaResultShown;
      /** When the next round starts. */
      next_start: number;
    }
    /** The round starts: its grid and times, for everybody in the room. */
    interface ArenaRoundStartedShown {
      type: "arena.round_started";
      seq: number;
      number: number;
      grid: string;
      start: number;
      deadline: number;
    }
    /** The sessions of the round before were carried in (sent to nobody live; a page catching up never gets it either: it is only declared). */
    interface ArenaSessionsCarriedShown {
      type: "arena.sessions_carried";
      seq: number;
    }
    /** A round's settings as everybody sees them (its seed left out). */
    interface ArenaSettingsShown {
      preset: string;
      dictionary: string;
      number: number;
      start: number;
      /** Seconds the round lasts, and its results before the next one. */
      seconds: number;
      pause: number;
      min_length: number;
      /** The best players' list ranks every player, not accounts only (docs/rules.md, F1). */
      open_rankings: boolean;
      /** A tournament's round: the tournament's room, to go back to (None: the arena's). */
      tournament: string | null;
    }
    /** An arena round as one seat sees it: waiting for its start, running, or ended. */
    interface ArenaView {
      kind: "arena";
      room: string;
      seq: number;
      /** This socket's seat (null: watching). */
      you: string | null;
      settings: Protocol.arena.ArenaSettingsShown;
      /** `waiting` (before the start), `running`, `ended`. */
      phase: string;
      deadline: number;
      next_start: number;
      /** People in the round so far (seated), and those who wrote a word. */
      seated: number;
      players: number;
      grid?: string;
      /** This seat's words with their verdicts. */
      words?: Protocol.boggle.OwnWord[];
      result?: Protocol.arena.ArenaResultShown;
    }
    /** A word of this seat's, with its instant verdict (sent to the writer only). */
    interface ArenaWordShown {
      type: "arena.word_written";
      seq: number;
      text: string;
      at: number;
      /** accepted, or why not (B12). */
      feedback: string;
      word: string | null;
      points?: number;
      path?: number[][];
    }
    /** One of the round's best players. */
    interface BestPlayerShown {
      rank: number;
      name: string;
      score: number;
      words: number;
    }
    /** One of the grid's best words, and how many of the round's players found it. */
    interface BestWordShown {
      word: string;
      points: number;
      found_by: number;
    }
    /** A player's place in a round (A3, A4). */
    interface PlaceShown {
      /** 1 + how many players scored more (a tie shares its rank). */
      rank: number;
      /** The share of the round's players that rank is in, in whole percent (« top 12 % »). */
      top: number;
      score: number;
      /** Accepted words. */
      words: number;
      /** The rounds played in a row up to this one, and their points together. */
      session_total: number;
      session_rounds: number;
      /** « Hors classement »: the words came faster than people type (F4), `too_fast`, with the evidence; the rank and top are then those it would have. */
      aside?: string;
      pace?: Protocol.boggle.PaceShown;
    }
    type View = Protocol.arena.ArenaView;
    type Event = Protocol.RoomCreatedShown<Protocol.arena.ArenaSettingsShown> | Protocol.SettingsChangedShown<Protocol.arena.ArenaSettingsShown> | Protocol.SeatTakenShown | Protocol.SeatLeftShown | Protocol.SeatRemovedShown | Protocol.SeatRenamedShown | Protocol.ReadyChangedShown | Protocol.ChatSaidShown | Protocol.ChatSwitchedShown | Protocol.ChatRemovedShown | Protocol.RoomClosedShown | Protocol.arena.ArenaRoundStartedShown | Protocol.arena.ArenaWordShown | Protocol.arena.ArenaRoundEndedShown | Protocol.arena.ArenaSessionsCarriedShown | Protocol.Hidden;
    type Frame = Protocol.Welcome<View> | Protocol.Events<Event> | Protocol.Acked<Event> | Protocol.Refused | Protocol.Error | Protocol.Pong | Protocol.Presence | Protocol.arena.ArenaActivity;
    type Message = Protocol.boggle.WriteWordMessage;
  }
  namespace boggle {
    /** The whole room as one seat sees it. */
    interface BoggleView {
      kind: "boggle";
      room: string;
      seq: number;
      /** This socket's seat (null: a spectator). */
      you: string | null;
      host: string | null;
      settings: Protocol.boggle.SettingsShown;
      seats: Protocol.boggle.ReadySeatView[];
      match: Protocol.boggle.MatchView;
      /** The current round (running or last ended). */
      round: Protocol.boggle.RoundView | null;
      chat: Protocol.ChatView;
    }
    /** B16: the grid the group rolled with the real dice, for the next rounds. */
    interface BoxGridMessage {
      type: "box_grid";
      grid: string;
      id?: number;
    }
    /** One entry of a sheet as the referee judged it (B9-B13). */
    interface EntryJson {
      input: string;
      /** The entry folded (W2); null when it is no word at all. */
      word: string | null;
      /** Seconds from the round's start. */
      at: number;
      /** scored, crossed (B11) or refused (B12). */
      status: string;
      points: number;
      /** The dice it was traced on (empty unless it is on the grid). */
      path: number[][];
      /** Why it was refused (B12), or null. */
      reason: string | null;
      /** Who else wrote it (B11). */
      crossed_by: string[];
    }
    /** How much of the grid was found: distinct valid words (crossed ones too) and what they are worth (each word's points, crossed or not). */
    interface FoundShown {
      words: number;
      points: number;
    }
    /** The match is won. */
    interface MatchEndedShown {
      type: "boggle.match_ended";
      seq: number;
      /** The winning seats (B14). */
      winners: string[];
      match: Protocol.boggle.MatchView;
    }
    /** A new match in the same room: scores back to zero, same seats. */
    interface MatchResetShown {
      type: "boggle.match_reset";
      seq: number;
      match: Protocol.boggle.MatchView;
    }
    /** B14: the match as it stands. */
    interface MatchView {
      /** The match's format in words (`3 rounds`, `first to 100`). */
      format: string;
      rounds_played: number;
      /** Each seat's match total. */
      totals: Record<string, number>;
      finished: boolean;
      winners: string[];
      /** M2: the match's rounds are played (or its target passed) and the top is tied: the next round (or the one playing) is the decider, and the pages say so. */
      decider: boolean;
    }
    /** A word of the grid nobody wrote (B15), and one path that spells it. */
    interface MissedJson {
      word: string;
      points: number;
      path: number[][];
    }
    /** A word this seat wrote in the round, with its instant verdict. */
    interface OwnWord {
      text: string;
      at: number;
      feedback: string;
      word: string | null;
      points?: number;
      path?: number[][];
    }
    /** Why a player's words came faster than people type (docs/rules.md, F4): the bound (`burst` or `sustained`), `words` written within `seconds`. */
    interface PaceShown {
      bound: string;
      words: number;
      seconds: number;
    }
    /** B17: the scorer seats a person without a phone (the host of a room with a scorer). */
    interface PaperSeatMessage {
      type: "paper_seat";
      name: string;
      id?: number;
    }
    /** One player's sheet as judged: every entry, the penalty, the round's total. */
    interface PlayerJson {
      player: string;
      total: number;
      penalty: number;
      entries: Protocol.boggle.EntryJson[];
    }
    /** A seat of a Boggle room: who said they are ready for the next round too. */
    interface ReadySeatView {
      seat: string;
      name: string;
      /** A computer player's level; null for a person. */
      bot: string | null;
      /** Still in the room (a person who left keeps the seat's number, not its place). */
      present: boolean;
      ready: boolean;
      /** B17: a seat without a phone, whose list the scorer types. */
      paper: boolean;
    }
    interface RematchMessage {
      type: "rematch";
      id?: number;
    }
    /** An ended round: its judgement, the seats by name, its seed, the words nobody found, what the grid held and what each player and the room found of it. */
    interface ResultShown {
      grid: string;
      deadline: number | null;
      /** The round's best totals' names (B14). */
      winners: string[];
      players: Protocol.boggle.PlayerJson[];
      /** The words nobody wrote, when the judgement counted them. */
      missed: Protocol.boggle.MissedJson[];
      /** Each player's seat, by name. */
      seats: Record<string, string>;
      seed: string;
      /** Every word the word list allows on the grid (B15), and their points. */
      grid_total?: Protocol.boggle.FoundShown;
      /** What each player found of it, by name. */
      found?: Record<string, Protocol.boggle.FoundShown>;
      /** What the room found of it, together. */
      room_found?: Protocol.boggle.FoundShown;
      /** How the words shown are written, where not as folded: ARETES → [ARÊTES]. */
      written?: Record<string, string[]>;
    }
    /** A round is over (at its deadline, or stopped by the host): its judgement, and the match as the round left it (shown alike to every seat, built once). */
    interface RoundEndedShown {
      type: "boggle.round_ended";
      seq: number;
      number: number;
      at: number;
      stopped: boolean;
      result: Protocol.boggle.ResultShown;
      match: Protocol.boggle.MatchView;
    }
    /** A round starts: its grid and times (its seed once it is over), who takes part (nobody is ready any more: the next round waits for them again). */
    interface RoundStartedShown {
      type: "boggle.round_started";
      seq: number;
      number: number;
      grid: string;
      start: number;
      deadline: number;
      players: string[];
      /** Shown once the round is over. */
      seed?: string;
    }
    /** The current round: running, or the last one with its judgement. */
    interface RoundView {
      number: number;
      grid: string;
      start: number;
      deadline: number;
      running: boolean;
      players: string[];
      /** Each player's words that stand so far (accepted, or written when checked at the end). */
      counts: Record<string, number>;
      /** This seat's words (a player's only). */
      words?: Protocol.boggle.OwnWord[];
      ended_at?: number;
      stopped?: boolean;
      result?: Protocol.boggle.ResultShown;
    }
    /** A seat left, and the match as it stands (a seat that played in it keeps its total). */
    interface SeatLeftShown {
      type: "room.seat_left";
      seq: number;
      seat: string;
      /** Who may give the host's commands now. */
      host: string | null;
      at: number | null;
      match: Protocol.boggle.MatchView;
    }
    /** A person removed by the host, and the match as it stands (their total stays). */
    interface SeatRemovedShown {
      type: "room.seat_removed";
      seq: number;
      seat: string;
      /** Who may give the host's commands now. */
      host: string | null;
      at: number | null;
      match: Protocol.boggle.MatchView;
    }
    /** A seat taken, and the match as it stands (the newcomer has its total). */
    interface SeatTakenShown {
      type: "room.seat_taken";
      seq: number;
      seat: string;
      name: string;
      /** Who may give the host's commands now (the first person still in the room). */
      host: string | null;
      /** A computer player's level; null for a person. */
      level: string | null;
      at: number | null;
      match: Protocol.boggle.MatchView;
      /** B17: a seat without a phone, whose list the scorer types. */
      paper: boolean;
    }
    /** The room's settings as everybody sees them: what the preset gives filled in, the seeds fixed in advance left out (they would give the grids). */
    interface SettingsShown {
      preset: string;
      /** The grids were chosen in advance (every player is told, and where from: `origin`). */
      chosen_grid: boolean;
      dictionary: string;
      /** Seconds per round. */
      duration: number;
      min_length: number;
      invalid_penalty: number;
      word_at_deadline_counts: boolean | null;
      verify_at_end: boolean;
      rounds: number | null;
      target: number | null;
      extra_round_on_tie: boolean;
      /** The room whose grid this one plays again. */
      origin: string | null;
      /** Listed in the lobby (`/salon`) for strangers to join. */
      public: boolean;
      /** « Grille de la boîte »: the grid typed from the real dice (text form), or None. */
      box_grid: string | null;
      /** B17: the host types the paper lists; each round waits for them after its hourglass. */
      box_scorer: boolean;
    }
    interface StopRoundMessage {
      type: "stop";
      id?: number;
    }
    /** A word written: its writer sees it with its instant verdict; during the round the others see only how many words the writer has; after it, everybody sees the word. */
    interface WordWrittenShown {
      type: "boggle.word_written";
      seq: number;
      seat: string;
      text?: string;
      at?: number;
      /** The instant verdict (the writer's only): accepted, written, or why not (B12). */
      feedback?: string;
      word?: string | null;
      points?: number;
      path?: number[][];
      /** The writer's words that stand so far (accepted, or written when the dictionary is checked at the end; refused ones are not counted), for the others during the round. */
      count?: number;
    }
    /** A word, typed or traced (a trace is sent as the letters it spells). */
    interface WriteWordMessage {
      type: "word";
      text: string;
      id?: number;
      /** The word's key: sent again (its answer lost), it is written once. */
      key?: string | null;
      /** The round it was typed in (a Boggle room's): sent again once that round is over, it is refused `after_deadline`. */
      round?: number | null;
      /** B17: the seat whose paper list the scorer types (the host of a room with a scorer only); none: the writer's own word. */
      seat?: string | null;
    }
    type View = Protocol.boggle.BoggleView;
    type Event = Protocol.RoomCreatedShown<Protocol.boggle.SettingsShown> | Protocol.SettingsChangedShown<Protocol.boggle.SettingsShown> | Protocol.boggle.SeatTakenShown | Protocol.boggle.SeatLeftShown | Protocol.boggle.SeatRemovedShown | Protocol.SeatRenamedShown | Protocol.ReadyChangedShown | Protocol.ChatSaidShown | Protocol.ChatSwitchedShown | Protocol.ChatRemovedShown | Protocol.RoomClosedShown | Protocol.boggle.RoundStartedShown | Protocol.boggle.WordWrittenShown | Protocol.boggle.RoundEndedShown | Protocol.boggle.MatchEndedShown | Protocol.boggle.MatchResetShown | Protocol.Hidden;
    type Frame = Protocol.Welcome<View> | Protocol.Events<Event> | Protocol.Acked<Event> | Protocol.Refused | Protocol.Error | Protocol.Pong | Protocol.Presence;
    type Message = Protocol.boggle.WriteWordMessage | Protocol.boggle.StopRoundMessage | Protocol.boggle.RematchMessage | Protocol.boggle.BoxGridMessage | Protocol.boggle.PaperSeatMessage;
  }
  namespace daily {
    /** The grid's words of `letters` letters (and more when `longer`): how many it holds, how many the player found (the share picture's row, G14). */
    interface BracketShown {
      letters: number;
      longer: boolean;
      found: number;
      all: number;
    }
    /** This seat's play is now its account's (F2: sent to that seat only; the page reads its view again). */
    interface DailyPlayAdoptedShown {
      type: "daily.play_adopted";
      seq: number;
    }
    /** This seat's play is over (sent to that seat only). */
    interface DailyPlayEndedShown {
      type: "daily.play_ended";
      seq: number;
      at: number;
    }
    /** This seat's play left the day's field (F2), and why (sent to that seat only). */
    interface DailyPlaySetAsideShown {
      type: "daily.play_set_aside";
      seq: number;
      reason: string;
    }
    /** This seat's play started (sent to that seat only): the grid and the deadline. */
    interface DailyPlayStartedShown {
      type: "daily.play_started";
      seq: number;
      at: number;
      deadline: number;
      ranked: boolean;
      grid: string;
    }
    /** A day's grid as everybody sees its settings (its seed left out). */
    interface DailySettingsShown {
      day: string;
      preset: string;
      dictionary: string;
      seconds: number;
      min_length: number;
      /** The public list ranks every play, not accounts only (docs/rules.md, F1). */
      open_rankings: boolean;
    }
    /** A day's grid as one seat sees it: the day so far, and its own play if any (the grid itself only once the play has started). */
    interface DailyView {
      kind: "daily";
      room: string;
      seq: number;
      you: string | null;
      settings: Protocol.daily.DailySettingsShown;
      /** The day's field so far (F3), and plays running now. */
      players: number;
      playing: number;
      best: Protocol.daily.StandingShown[];
      grid?: string;
      play?: Protocol.daily.PlayShown;
      result?: Protocol.daily.ResultShown;
    }
    /** A word of this seat's, with its instant verdict (sent to the writer only). */
    interface DailyWordShown {
      type: "daily.word_written";
      seq: number;
      text: string;
      at: number;
      /** accepted, or why not (B12). */
      feedback: string;
      word: string | null;
      points?: number;
      path?: number[][];
    }
    /** A word of the grid the player found, and its points (G15). */
    interface FoundShown {
      word: string;
      points: number;
    }
    /** A word of the grid the player did not find, and its points. */
    interface MissedShown {
      word: string;
      points: number;
    }
    /** This seat's play: its clock, its words with their verdicts, its score so far. */
    interface PlayShown {
      start: number;
      deadline: number;
      ranked: boolean;
      over: boolean;
      score: number;
      found: number;
      words: Protocol.boggle.OwnWord[];
    }
    /** This seat's play once over: its place among the day's ranked plays (G7), the words it missed (G8), the day's best. */
    interface ResultShown {
      score: number;
      found: number;
      ranked: boolean;
      /** The day's field so far (the plays the rank and top are in: F3). */
      players: number;
      /** Every word the grid holds (B15). */
      grid_words: number;
      missed: Protocol.daily.MissedShown[];
      /** How the words shown are written, where not as folded: EPEE → [ÉPÉE]. */
      written: Record<string, string[]>;
      seed: string;
      /** The words found, best first (G15). */
      found_words: Protocol.daily.FoundShown[];
      /** Found and held by length: the share picture (G14). */
      lengths: Protocol.daily.BracketShown[];
      /** A play of the field: its rank and top percent; any other its rank it would have. */
      rank?: number;
      top?: number;
      would_rank?: number;
      /** Why a ranked play is out of the field (« hors classement »: F2, F4), or `no_word` (F3); absent: in the field, or unranked (a past day's grid). */
      aside?: string;
      /** A play set aside as too fast: the evidence (F4). */
      pace?: Protocol.boggle.PaceShown;
    }
    /** One of the day's best players: rank among the public list (ties share it), name, points, words. */
    interface StandingShown {
      rank: number;
      name: string;
      score: number;
      words: number;
    }
    type View = Protocol.daily.DailyView;
    type Event = Protocol.RoomCreatedShown<Protocol.daily.DailySettingsShown> | Protocol.SettingsChangedShown<Protocol.daily.DailySettingsShown> | Protocol.SeatTakenShown | Protocol.SeatLeftShown | Protocol.SeatRemovedShown | Protocol.SeatRenamedShown | Protocol.ReadyChangedShown | Protocol.ChatSaidShown | Protocol.ChatSwitchedShown | Protocol.ChatRemovedShown | Protocol.RoomClosedShown | Protocol.daily.DailyPlayStartedShown | Protocol.daily.DailyWordShown | Protocol.daily.DailyPlayEndedShown | Protocol.daily.DailyPlayAdoptedShown | Protocol.daily.DailyPlaySetAsideShown | Protocol.Hidden;
    type Frame = Protocol.Welcome<View> | Protocol.Events<Event> | Protocol.Acked<Event> | Protocol.Refused | Protocol.Error | Protocol.Pong | Protocol.Presence;
    type Message = Protocol.boggle.WriteWordMessage;
  }
  namespace duplicate {
    interface AddTimeMessage {
      type: "arbiter_add_time";
      seconds: number;
      id?: number;
      reason?: string;
    }
    /** Play the running turn again: its moves dropped, the same rack, a new clock. */
    interface CancelTurnMessage {
      type: "arbiter_cancel_turn";
      id?: number;
      reason?: string;
    }
    /** Set a player's points for a turn that ended. */
    interface CorrectMessage {
      type: "arbiter_correct";
      seat: string;
      turn: number;
      points: number;
      id?: number;
      reason?: string;
    }
    /** D7: the arbiter decided (the page asks for the room again: decisions are rare). */
    interface DecidedShown {
      type: "duplicate.decided";
      seq: number;
      decision: Protocol.duplicate.Decision;
    }
    /** D7: one of the arbiter's decisions, as the match sheet lists it. */
    interface Decision {
      seq: number;
      /** clock_paused, clock_resumed, time_added, turn_cancelled, turn_replayed, score_corrected, excluded, reinstated, paper_seated, ended. */
      what: string;
      by: string;
      reason: string;
      at: number;
      /** The turn it was taken in or about (0: before the game). */
      turn: number;
      seat: string | null;
      points: number | null;
      was: number | null;
      seconds: number | null;
    }
    /** The whole duplicate room as one seat sees it. */
    interface DuplicateView {
      kind: "duplicate";
      room: string;
      seq: number;
      you: string | null;
      host: string | null;
      settings: Protocol.duplicate.SettingsShown;
      seats: Protocol.SeatView[];
      game: Protocol.duplicate.GameView | null;
      chat: Protocol.ChatView;
      /** D7: the arbiter's seat (null: the creator plays), the players on paper, those excluded, and the arbiter's decisions (the match sheet's notes). */
      arbiter: string | null;
      paper: string[];
      excluded: string[];
      decisions: Protocol.duplicate.Decision[];
    }
    /** End the game now (the running turn is not counted). */
    interface EndGameMessage {
      type: "arbiter_end_game";
      id?: number;
      reason?: string;
    }
    interface EndedShown {
      type: "duplicate.ended";
      seq: number;
      reason: string;
      at: number;
      /** The game's seed, public now (« rejouer ce tirage »). */
      seed: string;
      /** D7: the arbiter who ended it, and why. */
      by?: string;
      why?: string;
    }
    /** A player's move for the running turn, in notation (a paper slip). */
    interface EnterMoveMessage {
      type: "arbiter_enter_move";
      seat: string;
      move: string;
      turn?: number | null;
      id?: number;
      reason?: string;
    }
    interface ExcludeMessage {
      type: "arbiter_exclude";
      seat: string;
      id?: number;
      reason?: string;
    }
    interface GameView {
      turn: number;
      rack: string[];
      board: Protocol.topword.BoardView;
      deadline: number | null;
      pile: number;
      /** Seats that have submitted a move this turn (never the moves: D3). */
      submitted: string[];
      /** This seat's move this turn, if it sent one. */
      my_move: string | null;
      top_total: number;
      standings: Protocol.duplicate.Standing[];
      sheet: Protocol.duplicate.SheetTurn[];
      finished: boolean;
      /** D7: the seconds left while the arbiter has paused the clock (null: it runs). */
      paused_left: number | null;
      /** D8: when the next rack is dealt, during the pause between turns. */
      next_at: number | null;
      end_reason?: string;
      seed?: string;
    }
    /** The host ends a self-paced turn, or the pause between two turns (D8). */
    interface NextTurnMessage {
      type: "next_turn";
      id?: number;
    }
    /** Stop the turn's clock for everybody. */
    interface PauseMessage {
      type: "arbiter_pause";
      id?: number;
      reason?: string;
    }
    interface ReinstateMessage {
      type: "arbiter_reinstate";
      seat: string;
      id?: number;
      reason?: string;
    }
    /** Start the clock again with the time it had left. */
    interface ResumeMessage {
      type: "arbiter_resume";
      id?: number;
      reason?: string;
    }
    /** A player's points for a turn, and why none (a refusal code; "" for a legal move). */
    interface Score {
      seat: string;
      points: number;
      reason: string;
      /** The word or cell at fault (T20; "" for none). */
      detail: string;
    }
    /** Before the game: seat a player who plays on paper. */
    interface SeatPaperMessage {
      type: "arbiter_seat_paper";
      name: string;
      id?: number;
      reason?: string;
    }
    interface SettingsShown {
      ruleset: string;
      dictionary: string;
      /** Seconds each turn lasts for everybody (null: self-paced, the host ends it). */
      turn_seconds: number | null;
      /** The draw was chosen in advance (a game played again: every player is told, and where from: `origin`); the seed itself waits for the end. */
      chosen_draw: boolean;
      /** The room whose draw this one plays again. */
      origin: string | null;
      /** D7: the creator arbitrates (does not play); D8: the pause between live turns; D9: the solo bonus (0: none). */
      arbiter: boolean;
      pause_seconds: number;
      solo_bonus: number;
      /** D10: the numbered game it plays (« partie n° 12 »), if any; D12: its club's series. */
      number: number | null;
      series: string | null;
    }
    /** A turn of the sheet: the rack, the top, who found it, and this seat's own move. */
    interface SheetTurn {
      number: number;
      rack: string[];
      top: string | null;
      top_points: number;
      found_by: string[];
      move?: string;
      points?: number;
      reason?: string;
      /** The word or cell at fault in this seat's refused move. */
      detail?: string;
      /** D7: why the arbiter corrected this seat's points. */
      corrected?: string;
      /** D9: this seat's solo bonus for the turn. */
      bonus?: number;
    }
    /** D6: a player's total, its gap to the tops' total (−37), its share of it. */
    interface Standing {
      seat: string;
      total: number;
      gap: number;
      percent: number;
      rank: number;
    }
    interface StartedShown {
      type: "duplicate.started";
      seq: number;
      at: number;
      /** Shown once the game is over. */
      seed?: string;
    }
    /** A player's move came in: its text to its author only, until the turn ends. */
    interface SubmittedShown {
      type: "duplicate.submitted";
      seq: number;
      seat: string;
      at: number;
      move?: string;
      /** D7: the arbiter's seat when the arbiter entered it (a paper slip). */
      by?: string;
    }
    /** The top laid for everybody, every player's points, the totals and the board. */
    interface TurnEndedShown {
      type: "duplicate.turn_ended";
      seq: number;
      number: number;
      top: string | null;
      top_points: number;
      scores: Protocol.duplicate.Score[];
      /** The seats whose move scored as much as the top. */
      found_by: string[];
      /** Each player's total after the turn, and the tops' total. */
      totals: Record<string, number>;
      top_total: number;
      board: Protocol.topword.BoardView;
      at: number;
      /** Each player's move, once the turn is over (by seat). */
      moves: Record<string, string>;
      /** The rack's tiles the top did not use (none after a rack with no move: D5), and the pile then. */
      rack: string[];
      pile: number;
      /** D8: when the next rack is dealt (null: at once, or none comes). */
      next_at: number | null;
      /** D9: the solo bonus given (by seat: the one player alone on the top). */
      bonuses: Record<string, number>;
    }
    interface TurnStartedShown {
      type: "duplicate.turn_started";
      seq: number;
      number: number;
      rack: string[];
      redraws: number;
      deadline: number | null;
      at: number;
      /** Tiles left in the pile once the rack was dealt. */
      pile: number;
    }
    type View = Protocol.duplicate.DuplicateView;
    type Event = Protocol.RoomCreatedShown<Protocol.duplicate.SettingsShown> | Protocol.SettingsChangedShown<Protocol.duplicate.SettingsShown> | Protocol.SeatTakenShown | Protocol.SeatLeftShown | Protocol.SeatRemovedShown | Protocol.SeatRenamedShown | Protocol.ReadyChangedShown | Protocol.ChatSaidShown | Protocol.ChatSwitchedShown | Protocol.ChatRemovedShown | Protocol.RoomClosedShown | Protocol.duplicate.StartedShown | Protocol.duplicate.TurnStartedShown | Protocol.duplicate.SubmittedShown | Protocol.duplicate.TurnEndedShown | Protocol.duplicate.EndedShown | Protocol.duplicate.DecidedShown | Protocol.Hidden;
    type Frame = Protocol.Welcome<View> | Protocol.Events<Event> | Protocol.Acked<Event> | Protocol.Refused | Protocol.Error | Protocol.Pong | Protocol.Presence | Protocol.topword.PreviewFrame;
    type Message = Protocol.topword.PlayMessage | Protocol.duplicate.NextTurnMessage | Protocol.duplicate.PauseMessage | Protocol.duplicate.ResumeMessage | Protocol.duplicate.AddTimeMessage | Protocol.duplicate.CancelTurnMessage | Protocol.duplicate.CorrectMessage | Protocol.duplicate.ExcludeMessage | Protocol.duplicate.ReinstateMessage | Protocol.duplicate.SeatPaperMessage | Protocol.duplicate.EnterMoveMessage | Protocol.duplicate.EndGameMessage | Protocol.topword.PreviewMessage;
  }
  namespace lobby {
    /** What changed since the last frame (at most one every half second): the tables new or changed, the tables gone, and every table's place after it. */
    interface LobbyChanged {
      type: "lobby.changed";
      tables: Protocol.lobby.LobbyRow[];
      /** The `room` of each table no longer listed. */
      gone: string[];
      /** The `room` of every table listed now, in the lobby's order. */
      order: string[];
    }
    /** One open table of the lobby, as every browser is shown it. */
    interface LobbyRow {
      /** The players' link's room part: `/r/<room>` seats whoever joins. */
      room: string;
      kind: string;
      /** The preset (Boggle) or ruleset (Topword), for the page to name. */
      variant: string;
      dictionary: string;
      /** Seconds of a round (Boggle) or of a move (Topword); null: no clock. */
      clock: number | null;
      /** False: by correspondence. */
      live: boolean;
      rated: boolean;
      /** The people seated, by name, in the order they sat. */
      players: string[];
      /** The computer players' levels. */
      bots: string[];
      /** Seats a person may still take. */
      free: number;
      /** The lowest and highest rating of the seated players who have one in the room's family (null: none has). */
      rating: [number, number] | null;
      /** Referee time of the room's last change. */
      updated: number;
    }
    /** The whole lobby, on connecting (and again after every reconnect): each open table, the most recently active first. */
    interface LobbyTables {
      type: "lobby";
      tables: Protocol.lobby.LobbyRow[];
      /** The most tables the lobby lists. */
      limit: number;
      /** The server's clock. */
      now: number;
    }
    type Frame = Protocol.lobby.LobbyTables | Protocol.lobby.LobbyChanged;
  }
  namespace quick {
    type Frame = Protocol.topword.QuickState | Protocol.topword.QuickSeeking | Protocol.topword.QuickPaired | Protocol.topword.QuickEnded;
    type Message = Protocol.topword.SeekMessage | Protocol.topword.CancelMessage;
  }
  namespace topword {
    /** The board: each cell's top tile and its stack's height. */
    interface BoardView {
      /** The position in the record's notation. */
      position: string;
      /** Each cell's top tile by label ("" for none), row by row (cell = row * 10 + column). */
      tops: string[];
      /** Each cell's stack height. */
      heights: number[];
    }
    /** A bonus: `letter_<tile>` (letter_v, letter_qu...), `qu_word` or `all_tiles`. */
    interface BonusJson {
      kind: string;
      points: number;
    }
    /** Stop looking. */
    interface CancelMessage {
      type: "cancel";
    }
    interface ExchangeMessage {
      type: "exchange";
      tile: string;
      id?: number;
      key?: string | null;
      turn?: number | null;
    }
    /** A tile put back and another drawn (T17). */
    interface ExchangedShown {
      type: "topword.exchanged";
      seq: number;
      seat: string;
      at: number;
      /** The mover's score after the turn. */
      total: number;
      /** The seat to play next (null: the game is over). */
      current: string | null;
      /** When the person to play next passes by themselves (null: no clock, or a bot plays). */
      turn_deadline: number | null;
      /** Tiles left in the pile. */
      pile: number;
      rack_sizes: Record<string, number>;
      /** The tile put back: its owner's only, until the game ends. */
      tile?: string;
      rack?: string[];
    }
    /** The game is over: why, the final scores, the winners, and what was hidden till now. */
    interface GameEndedShown {
      type: "topword.game_ended";
      seq: number;
      reason: string;
      /** Final scores (after the T19 penalties), in playing order. */
      scores: number[];
      winners: string[];
      /** Each seat's final score, its T19 penalty and the rack it was left with. */
      final_scores: Record<string, number>;
      penalties: Record<string, number>;
      racks: Record<string, string[]>;
      seed: string;
      /** Every turn, now that the tiles exchanges put back are shown to everybody. */
      turns: Protocol.topword.TurnView[];
    }
    /** The game starts: the playing order, the draws for who starts (T3), the empty board and the pile. */
    interface GameStartedShown {
      type: "topword.game_started";
      seq: number;
      /** The seats in playing order before the draw. */
      order: string[];
      /** T3: each draw for who starts, as [seat, tile] pairs; ties draw again. */
      start_draws: string[][][];
      starter: string;
      at: number;
      /** The seat to play (the starter). */
      current: string;
      /** When the person to play passes by themselves (null: no clock, or a bot plays). */
      turn_deadline: number | null;
      board: Protocol.topword.BoardView;
      /** Tiles left in the pile. */
      pile: number;
      rack_sizes: Record<string, number>;
      /** Shown once the game is over. */
      seed?: string;
      /** This seat's rack (a player's only). */
      rack?: string[];
    }
    /** The game as one seat sees it (its own rack only, until the end). */
    interface GameView {
      order: string[];
      start_draws: string[][][];
      starter: string;
      /** The seat to play (null once the game is over). */
      current: string | null;
      /** The number of the turn being played (from 1). */
      turn: number;
      /** When the person to play passes by themselves (null: no clock, or a bot plays). */
      turn_deadline: number | null;
      board: Protocol.topword.BoardView;
      /** Tiles left in the pile. */
      pile: number;
      rack_sizes: Record<string, number>;
      scores: Record<string, number>;
      turns: Protocol.topword.TurnView[];
      finished: boolean;
      /** This seat's rack (a player's only). */
      rack?: string[];
      end_reason?: string;
      final_scores?: Record<string, number>;
      penalties?: Record<string, number>;
      winners?: string[];
      seed?: string;
      racks?: Record<string, string[]>;
    }
    /** The best moves for the seat's rack now, each itemised. */
    interface HintFrame {
      type: "hint";
      id: number;
      moves: Protocol.topword.HintMove[];
    }
    /** The best moves for my rack now (only at tables whose host allowed hints). */
    interface HintMessage {
      type: "hint";
      id?: number;
    }
    /** A move a hint suggests, itemised. */
    interface HintMove {
      legal: boolean;
      points?: number;
      words?: Protocol.topword.WordJson[];
      bonuses?: Protocol.topword.BonusJson[];
      reason?: string;
      detail?: string;
      move: string;
    }
    /** A tile of a word counted in another word instead (T14). */
    interface NotCountedJson {
      /** The cell's name (`5E`). */
      cell: string;
      letter: string;
      counted_in: string;
    }
    interface PassMessage {
      type: "pass";
      id?: number;
      key?: string | null;
      turn?: number | null;
    }
    /** A turn passed (chosen, or the clock ran out). */
    interface PassedShown {
      type: "topword.passed";
      seq: number;
      seat: string;
      at: number;
      /** The mover's score after the turn. */
      total: number;
      /** The seat to play next (null: the game is over). */
      current: string | null;
      /** When the person to play next passes by themselves (null: no clock, or a bot plays). */
      turn_deadline: number | null;
      /** Tiles left in the pile. */
      pile: number;
      rack_sizes: Record<string, number>;
      /** The turn clock ran out. */
      timed_out: boolean;
      rack?: string[];
    }
    /** A tile a move put down: its cell (row * 10 + column), the tile, the stack's new height. */
    interface PlacedTile {
      cell: number;
      tile: string;
      height: number;
    }
    /** Play the move (the referee judges it; a refusal changes nothing). */
    interface PlayMessage {
      type: "play";
      move?: string | null;
      placements?: [number, string][] | null;
      across?: boolean | null;
      id?: number;
      /** The move's key: sent again (its answer lost), it is played once. */
      key?: string | null;
      /** The turn it was played for (1, 2...): sent again once that turn is over, it is refused `turn_over`. */
      turn?: number | null;
    }
    /** A move played, with its itemised score for everybody. */
    interface PlayedShown {
      type: "topword.played";
      seq: number;
      seat: string;
      at: number;
      /** The mover's score after the turn. */
      total: number;
      /** The seat to play next (null: the game is over). */
      current: string | null;
      /** When the person to play next passes by themselves (null: no clock, or a bot plays). */
      turn_deadline: number | null;
      /** Tiles left in the pile. */
      pile: number;
      rack_sizes: Record<string, number>;
      move: string;
      points: number;
      /** The tiles it put down. */
      tiles: Protocol.topword.PlacedTile[];
      score?: Protocol.topword.ScoreShown;
      /** The mover's rack after the move (the mover's only). */
      rack?: string[];
    }
    /** The referee's verdict on a move not played: the `topword score` shape, or why not. */
    interface PreviewFrame {
      type: "preview";
      id: number;
      verdict: Protocol.topword.PreviewVerdict;
    }
    /** What the referee would say of the move now: its score or why not (T20). */
    interface PreviewMessage {
      type: "preview";
      move?: string | null;
      placements?: [number, string][] | null;
      across?: boolean | null;
      id?: number;
    }
    /** The `topword score` shape, with the move as notation if legal, or why not in words. */
    interface PreviewVerdict {
      legal: boolean;
      points?: number;
      words?: Protocol.topword.WordJson[];
      bonuses?: Protocol.topword.BonusJson[];
      reason?: string;
      detail?: string;
      /** The move the tiles make, as notation (`5E MAIN`), when legal. */
      move?: string;
      /** Why not, in the seat's language. */
      text?: string;
      /** What is wrong with a notation (`bad_move`). */
      error?: string;
    }
    /** The seek is over without a table (`cancelled`, `replaced`, `expired`, `failed`), said in words. */
    interface QuickEnded {
      type: "quick.ended";
      reason: string;
      text: string;
    }
    /** An opponent was found: the table's players' link's room part, the seat, and its token (keep it: it proves the seat). */
    interface QuickPaired {
      type: "quick.paired";
      room: string;
      seat: string;
      token: string;
    }
    /** The seek waits for an opponent. */
    interface QuickSeeking {
      type: "quick.seeking";
      seek: Protocol.topword.SeekShown;
    }
    /** On connecting: the player's seek if one waits (this socket now holds it), and the table of their last pairing, if there was one lately. */
    interface QuickState {
      type: "quick";
      seeking: Protocol.topword.SeekShown | null;
      /** The players' link's room part of the last table a pairing gave them (a day). */
      table: string | null;
      /** Signed in (a rated seek needs it). */
      account: boolean;
      now: number;
    }
    /** Once the game is over: the new table this player opened with the same seats and settings, for the others to be shown the way in. */
    interface RematchMessage {
      type: "offer_rematch";
      link: string;
      id?: number;
    }
    /** Once the game is over, `seat` opened a new table with the same seats and settings: its players' link's room part (`/r/<link>`). */
    interface RematchOfferedShown {
      type: "topword.rematch_offered";
      seq: number;
      seat: string;
      link: string;
      at: number;
    }
    /** T21: leave the game on one's turn (the page has asked to confirm). */
    interface ResignMessage {
      type: "resign";
      id?: number;
      key?: string | null;
      turn?: number | null;
    }
    /** T21: the seat left the game on its turn; its tiles are set aside (out of play), its score stays as it was, it wins nothing; the others play on. */
    interface ResignedShown {
      type: "topword.resigned";
      seq: number;
      seat: string;
      at: number;
      /** The mover's score after the turn. */
      total: number;
      /** The seat to play next (null: the game is over). */
      current: string | null;
      /** When the person to play next passes by themselves (null: no clock, or a bot plays). */
      turn_deadline: number | null;
      /** Tiles left in the pile. */
      pile: number;
      rack_sizes: Record<string, number>;
      /** The mover's rack after it: empty (the mover's only). */
      rack?: string[];
    }
    /** A move's itemised score (the `topword score` shape) and the cells it covered. */
    interface ScoreShown {
      legal: boolean;
      points?: number;
      words?: Protocol.topword.WordJson[];
      bonuses?: Protocol.topword.BonusJson[];
      reason?: string;
      detail?: string;
      /** The cells a tile was put on, by name (`5E`). */
      placed: string[];
      /** How the words are written, where not as folded: ARETES → [ARÊTES]. */
      written?: Record<string, string[]>;
    }
    /** Find me an opponent: my name, the rules, the pace (a name of the paces offered), rated or not (accounts only). */
    interface SeekMessage {
      type: "seek";
      name: string;
      ruleset: string;
      pace: string;
      rated?: boolean;
    }
    /** A seek as its own page sees it. */
    interface SeekShown {
      name: string;
      ruleset: string;
      pace: string;
      rated: boolean;
      /** False: by correspondence (it waits when the page is closed). */
      live: boolean;
      /** Referee time it began. */
      since: number;
    }
    /** The table's settings, the word list named. */
    interface SettingsShown {
      ruleset: string;
      dictionary: string;
      /** Seconds a person has for a turn (null: no clock). */
      turn_seconds: number | null;
      bot_seconds: number;
      scoreless_limit: number | null;
      hints: boolean;
      /** The seats kept for people at creation besides the host's (shown waiting). */
      seats_kept: number;
      /** Listed in the lobby (`/salon`) for strangers to join. */
      public: boolean;
      /** T23: how many may sit at the table, the host among them. */
      seats: number;
    }
    /** The whole table as one seat sees it. */
    interface TopwordView {
      kind: "topword";
      room: string;
      seq: number;
      /** This socket's seat (null: a spectator). */
      you: string | null;
      host: string | null;
      settings: Protocol.topword.SettingsShown;
      seats: Protocol.SeatView[];
      /** The game, once started. */
      game: Protocol.topword.GameView | null;
      chat: Protocol.ChatView;
      /** The rematch a player opened once the game was over: its players' link's room part. */
      rematch: string | null;
    }
    /** One turn played: who, what, and the points. */
    interface TurnView {
      seat: string;
      /** play, exchange or pass. */
      action: string;
      points: number;
      /** The mover's score after the turn. */
      total: number;
      move?: string;
      score?: Protocol.topword.ScoreShown;
      /** The tile an exchange put back (its owner's only, until the game ends). */
      tile?: string;
      /** T22: a pass because the turn's clock ran out (only then: true). */
      timed_out?: boolean;
    }
    /** A word a move formed or changed, and what it brings. */
    interface WordJson {
      word: string;
      points: number;
      not_counted?: Protocol.topword.NotCountedJson[];
    }
    type View = Protocol.topword.TopwordView;
    type Event = Protocol.RoomCreatedShown<Protocol.topword.SettingsShown> | Protocol.SettingsChangedShown<Protocol.topword.SettingsShown> | Protocol.SeatTakenShown | Protocol.SeatLeftShown | Protocol.SeatRemovedShown | Protocol.SeatRenamedShown | Protocol.ReadyChangedShown | Protocol.ChatSaidShown | Protocol.ChatSwitchedShown | Protocol.ChatRemovedShown | Protocol.RoomClosedShown | Protocol.topword.GameStartedShown | Protocol.topword.PlayedShown | Protocol.topword.ExchangedShown | Protocol.topword.PassedShown | Protocol.topword.ResignedShown | Protocol.topword.GameEndedShown | Protocol.topword.RematchOfferedShown | Protocol.Hidden;
    type Frame = Protocol.Welcome<View> | Protocol.Events<Event> | Protocol.Acked<Event> | Protocol.Refused | Protocol.Error | Protocol.Pong | Protocol.Presence | Protocol.topword.PreviewFrame | Protocol.topword.HintFrame;
    type Message = Protocol.topword.PlayMessage | Protocol.topword.ExchangeMessage | Protocol.topword.PassMessage | Protocol.topword.ResignMessage | Protocol.topword.RematchMessage | Protocol.topword.PreviewMessage | Protocol.topword.HintMessage;
  }
  namespace tournament {
    type View = Protocol.TournamentView;
    type Event = Protocol.RoomCreatedShown<Protocol.TournamentSettings> | Protocol.SettingsChangedShown<Protocol.TournamentSettings> | Protocol.SeatTakenShown | Protocol.SeatLeftShown | Protocol.SeatRemovedShown | Protocol.SeatRenamedShown | Protocol.ReadyChangedShown | Protocol.ChatSaidShown | Protocol.ChatSwitchedShown | Protocol.ChatRemovedShown | Protocol.RoomClosedShown | Protocol.Hidden | Protocol.Hidden;
    type Frame = Protocol.Welcome<View> | Protocol.Events<Event> | Protocol.Acked<Event> | Protocol.Refused | Protocol.Error | Protocol.Pong | Protocol.Presence;
    type Message = Protocol.RegisterMessage | Protocol.WithdrawMessage | Protocol.CheckInMessage | Protocol.PauseMessage | Protocol.RepairMessage | Protocol.AdjudicateMessage;
  }
}
