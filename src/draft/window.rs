//! The impact window, detection and resolution, from the page's times, ranges and durations.
use crate::time::text::is_cjk;
use chrono::{DateTime, FixedOffset};

/// Shortest and longest impact window we believe a stated range describes.
const MIN_WINDOW_SECS: i64 = 60;
const MAX_WINDOW_SECS: i64 = 14 * 86_400;
/// A stated duration this close to the computed window is the window's length.
const SAME_LENGTH_SECS: i64 = 90;
/// Shorter stated durations are steps ("within 2 minutes"), never the incident's length.
const MIN_STATED_LENGTH_SECS: i64 = 180;
/// A time that start and recovery words both reach takes only one role when one word is more
/// than this many times nearer than the other ("a complete outage until 6:20": "until").
const CLEARLY_NEARER: usize = 2;
/// What crossing a sentence end adds to a word's distance to a time: a time in the word's own
/// sentence always wins over one in the next, however long the sentence ("오후 1시 57분부터
/// 웹사이트와 앱 접속이 중단됐다. 오후 2시 49분부터 …").
const SENTENCE_CROSSING_COST: usize = 10_000;
/// How long before a timeline's first onset row the summary's onset may stand and still be the
/// same incident's start (the timeline picks up after it).
const SUMMARY_ONSET_AHEAD_SECS: i64 = 6 * 3600;
/// How much farther a time counts on the side of a word that the language's word order
/// disfavours, in halves ("se restableció … pasadas las 11:15" after "comenzó … 8:40 y").
const DISFAVOURED_SIDE: usize = 4;
/// The same in a verb-final language, where a word before a time belongs to an earlier
/// predicate ("기지국에서 발생한 장애를 오후 1시 50분께 완전히 복구했다": "발생한" modifies the
/// noun; the time is the recovery's): a time binds to the verb after it.
const VERB_FINAL_DISFAVOURED_SIDE: usize = 8;
/// Cost of a clause break (a comma, a semicolon) between an event word and a time: a time in
/// the word's own clause beats a nearer one across a comma ("Um 14.36 Uhr schlug das
/// Monitoring Alarm, um 15.58 Uhr lief der Dienst wieder"), and a sentence end costs more still.
/// Only where the language puts the time after its word: in a verb-final language the time
/// that opens a sentence belongs to the verb that closes it, across every comma between
/// ("10日午後3時頃、…について、「ほぼ回復」したと発表した").
const CLAUSE_CROSSING_COST: usize = 200;
/// A clause break this close after a time is the comma of an opening time phrase ("At 14:36
/// UTC, our checks failed", "À 14h36, la supervision …"): it does not part the time from its
/// clause.
const OPENING_COMMA_CHARS: usize = 3;
/// A silence this long between a page's times ends an incident's episode (two reports days
/// apart on one page are two incidents).
const EPISODE_GAP_SECS: i64 = 2 * 86_400;
/// A stated length, plus this fraction of it, may stand between two times of one episode (a
/// lower bound such as "60時間以上" says the silence may be longer).
const EPISODE_LENGTH_SLACK_PARTS: i64 = 4;
/// A timeline event this close to a computed instant is taken to be that instant.
const SNAP_SECS: i64 = 60;
/// A stated length is told to about this fraction of itself (an hour to three minutes): an onset
/// time that near the recovery minus the length is the start.
const ROUND_LENGTH_SLACK_DIV: i64 = 20;
/// A stated length at least this many times a single stated range's is the whole outage's, of
/// which the range was one period.
const LENGTH_OUTGROWS_RANGE: i64 = 3;
/// A length the page states for the incident at least this many times the window an onset word
/// gave outweighs that onset: the page did not time the onset.
const STATED_LENGTH_OUTWEIGHS: i64 = 3;
/// Longest line below a time-only row read as the title of the update whose body follows it.
const TITLE_LINE_CHARS: usize = 60;
/// A stated length reaches a recovery when it lands within this part of itself of it ("近四個
/// 小時" for 4h2m).
const LENGTH_REACH_SLACK_PARTS: i64 = 12;
/// A recovery this near (a hundredth of the length) to the start plus a stated length ends the
/// window: "23시경" after "127시간 33분" is that end, written roughly.
const LENGTH_SLACK_PARTS: i64 = 100;
/// How near a "lasted"/"for"/"동안" word must stand to a duration to introduce it.
const LASTED_BEFORE_CHARS: usize = 64;
/// How far before a range's first clock (or after its second) an onset-span word is read.
const ONSET_SPAN_CHARS: usize = 24;
const LASTED_AFTER_CHARS: usize = 8;
/// How near a recovery word must follow an "after a length" word ("만에 … 복구"), or precede
/// it ("restored after two hours").
const FOLLOWED_CHARS: usize = 90;
/// How much farther (in cost: twice the chars) than the onset word an alert word may stand from
/// the start's time and still tell the start was detected at once: the onset noun is the object
/// of the alert ("8時30分過ぎに不具合を検知", "lúc 8 giờ phát hiện sự cố", "at 8:30 errors were
/// detected").
const DETECTION_BESIDE_ONSET_COST: usize = 12;

/// What ends a sentence for the nearness of words to a length.
const SENTENCE_ENDS: [char; 7] = ['.', '!', '?', '。', '！', '？', '\n'];

/// Whether the char at byte `i` of `text` ends a sentence: a full stop between two digits is a
/// clock's or a number's ("gegen 11.00 Uhr", "3.5 Stunden"), not a sentence's end.
fn ends_sentence(text: &str, i: usize, c: char) -> bool {
    SENTENCE_ENDS.contains(&c)
        && !(c == '.'
            && text[..i].ends_with(|d: char| d.is_ascii_digit())
            && text[i + 1..].starts_with(|d: char| d.is_ascii_digit()))
}

/// `text` up to its first sentence end ([`ends_sentence`]).
fn sentence_head(text: &str) -> &str {
    match text
        .char_indices()
        .find(|&(i, c)| ends_sentence(text, i, c))
    {
        Some((i, _)) => &text[..i],
        None => text,
    }
}

/// `text` after its last sentence end ([`ends_sentence`]).
fn sentence_tail(text: &str) -> &str {
    match text
        .char_indices()
        .rev()
        .find(|&(i, c)| ends_sentence(text, i, c))
    {
        Some((i, c)) => &text[i + c.len_utf8()..],
        None => text,
    }
}
const PRECEDED_CHARS: usize = 32;

/// Where a piece of text sits in the page, for ranking evidence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Summary, impact, or prose before any timeline: where pages state the window.
    Lead,
    /// A timeline section or timeline table.
    Timeline,
    /// Action items, lessons, follow-ups: future or general, never the incident itself.
    Future,
    /// A short dated line before the article's first paragraph (a byline or dateline's
    /// "2025-09-03 10:12"): when the page was written, not what happened.
    Byline,
    /// A sentence about an earlier incident ("지난 4일에도 오후 2시께 … 장애가 발생한 바 있다",
    /// "last year's outage at 9:00"): background, not this incident's time.
    History,
    /// A time promised or estimated ("next update at 16:00", "预计22点前恢复"): not yet happened.
    Promise,
    /// A range of a recurring schedule ("平日8時半から15時半まで稼働", "weekdays 9 to 5"): the
    /// hours a system runs, not when this incident happened.
    Schedule,
    Other,
}

impl Place {
    /// Whether times here can be the incident's (not action items, not a byline's stamp).
    pub fn is_incident(self) -> bool {
        !matches!(
            self,
            Place::Future | Place::Byline | Place::History | Place::Promise | Place::Schedule
        )
    }
}

/// A resolved clock time on the page.
#[derive(Debug, Clone)]
pub struct Point {
    pub at: DateTime<FixedOffset>,
    pub quote: String,
    pub start: usize,
    pub end: usize,
    pub approximate: bool,
    /// Index of the block (sentence, row) it sits in.
    pub block: usize,
    pub place: Place,
    /// Written without a half word where the language writes one ("8시 40분"): may be 12 hours
    /// later ([`reread_open_halves`]).
    pub half_open: bool,
    /// Written with its own date or day (not anchored from elsewhere).
    pub dated: bool,
}

/// A stated range "from A to B" (indices into the points).
#[derive(Debug, Clone)]
pub struct Range {
    pub from: usize,
    pub to: usize,
}

/// A stated duration.
#[derive(Debug, Clone)]
pub struct Stated {
    pub secs: i64,
    /// "more than 5 hours": at least this long, never the window's exact length.
    pub lower_bound: bool,
    /// "less than an hour", "1시간 이내": at most this long, never the window's exact length.
    pub upper_bound: bool,
    /// "about 30 minutes", "약 30분간": a round figure, never more exact than the window's ends.
    pub approximate: bool,
    pub quote: String,
    pub start: usize,
    pub block: usize,
    pub place: Place,
}

/// Words that mark what a block reports, per page language (from `mappings/lang/`).
#[derive(Debug, Clone, Default)]
pub struct EventWords {
    pub start: Vec<String>,
    pub detection: Vec<String>,
    pub resolution: Vec<String>,
    pub lasted: Vec<String>,
    /// Labels of rows that state the window outright ("Beginn · 02:31").
    pub start_labels: Vec<String>,
    pub end_labels: Vec<String>,
    /// Words that, just before an event word, say it did not happen ("never unavailable",
    /// "were not affected"); the page language's own, never merged with English.
    pub negation: Vec<String>,
    /// The same after the word, for languages that negate after the verb ("복구되지 않았다",
    /// "復旧していない").
    pub negation_after: Vec<String>,
    /// Word order: whether a clause's time usually follows its verb ("restored at 16:15",
    /// "rétabli à 16h15") rather than precedes it ("16시 15분에 복구", "16時15分に復旧").
    /// A keyword between two times goes to the time on this side unless a sentence ends first.
    pub time_after_word: bool,
    /// Length words that mean "after" ("10시간 만에", "5時間後に"): the length is the incident's
    /// only when a recovery word follows it closely ("만에 복구"), not "5시간여 만에 사과".
    pub lasted_then: Vec<String>,
    /// Words right after a length that count it from the time told just before it ("revenu
    /// vers 10 h 45 … rétablies une heure plus tard", "two hours later"): a recovery told so
    /// ends that long after that time, not after the start.
    pub later_than_told: Vec<String>,
    /// Nouns of an outage right after a length, which make it the outage's length ("a 34
    /// minute outage", "2시간 먹통", "3時間の障害", "3 heures de panne").
    pub lasted_noun: Vec<String>,
    /// Words just before a length, in its sentence, that make it a watch after the fix, not the
    /// incident's length ("monitored for an hour", "持续观察一小时", "eine Stunde beobachtet"
    /// reads the verb first in the sentence). The page language's and English.
    pub lasted_not: Vec<String>,
    /// Words right before a range ("started between", "empezaron entre") or right after it
    /// ("사이에 발생", "之间开始") that make it the span the onset fell in, not a period of impact:
    /// its first end is the (approximate) onset, its second no recovery.
    pub onset_span_before: Vec<String>,
    pub onset_span_after: Vec<String>,
    /// Words right next to a time that date a reported state, the writer's check ("as of",
    /// "현재", "截至", "時点"; `state_as_of`): the page language's and English.
    pub as_of: Vec<String>,
    /// Reporting verbs that open a clause ("announced that", "comunicou que", "cho biết"): a
    /// time right before one dates the announcement of a recovery told in that clause, not the
    /// recovery itself (`announce`): the page language's and English.
    pub announce: Vec<String>,
    /// Words of planned work ("maintenance", "メンテナンス", "정기 점검", "Wartung"): a period
    /// told with one and no onset word is the work's, not another impact period (`maintenance`).
    pub maintenance: Vec<String>,
    /// Verb endings that, written right after an event word, close its clause ("발생하여",
    /// "복구했고", "発生し"): a time later in the sentence belongs to the next clause.
    pub clause_end_after: Vec<String>,
    /// Endings that, right after a recovery word, tell it done and go on to another verb
    /// ("회복됐고 안정적으로 유지되고 있다"): a progress word after them is that verb's.
    pub done_after: Vec<String>,
    /// Words right before a length ("less than", "moins de", "不到") or right after it ("이내",
    /// "以内", "未満") that make it an upper bound, never the window's exact length.
    pub under_before: Vec<String>,
    /// Of the upper-bound words before a length, those a rounded figure after them makes the
    /// length itself ("within approximately 21 minutes"): a soft bound.
    pub under_rounded: Vec<String>,
    pub under_after: Vec<String>,
    /// Words that put a sentence about an earlier incident ("바 있다", "去年", "last year"); the
    /// page language's own.
    pub history: Vec<String>,
    /// Words that mark a head line as the page's publication stamp ("Published …", "입력 …",
    /// "来源：…"): the page language's and English.
    pub stamp: Vec<String>,
    /// Words before or after a recovery word that make it work in progress or a plan ("working
    /// to restore", "복구 작업 중", "正在恢复"): no recovery point. The page language's own.
    pub progress_before: Vec<String>,
    pub progress_after: Vec<String>,
    /// Words that make a time in their clause a promise or an estimate ("we expect a fix by
    /// 17:00", "오후 6시까지 복구할 예정"): before the time, and after it. The page language's own.
    pub promise_before: Vec<String>,
    pub promise_after: Vec<String>,
    /// Words that report the impact still going on at the time their sentence names ("at 6pm
    /// the service was still down", "seguía sin", "오전 7시30분 현재", "午後1時の時点"): that time
    /// is a look at an incident under way, not its onset. The page language's own.
    pub still: Vec<String>,
    /// Words that, right beside a time, make it the moment impact began however the sentence
    /// goes on ("since 9:00 still down", "seit 9 Uhr", "9시부터", "9時から"). The page
    /// language's own.
    pub since: Vec<String>,
    /// Words right before a range that make it a recurring schedule ("weekdays", "平日", "매일").
    pub schedule_before: Vec<String>,
    /// A status page's update kinds ("Resolved", "Investigating", "해결됨"): an update that
    /// opens with one, its stamp on the line after it, is a status-page history.
    pub status_words: Vec<String>,
    /// Phrases that hold a recovery word but say no recovery ("por volta das 14h" is "about
    /// 14h", "불안정" is "unstable", "instabil"): the recovery word inside them is not read.
    pub resolution_not: Vec<String>,
    /// Words that make the time after them, in its clause, the incident's peak ("peak",
    /// "pico", "Höhepunkt", "최고조", "ピーク", "高峰"): no onset, and no window as a range.
    pub peak: Vec<String>,
    /// Onset words that are nouns ("outage", "故障", "장애"): as the subject of a recovery
    /// ("the outage has been resolved") they report no onset. The page language's own.
    pub start_nouns: Vec<String>,
    /// Members of the public ("users", "이용자", "用戶", "Kunden"): a detection word in a sentence
    /// naming one may tell someone outside noticing, not the operators being alerted. The page
    /// language's own.
    pub public: Vec<String>,
    /// Phrases that hold a detection word and report none: watching after a fix ("we are
    /// monitoring the results", "모니터링하고 있습니다", "正在监控") or a cause found ("the issue has
    /// been identified").
    pub detection_not: Vec<String>,
    /// Words of a first public notice ("we are investigating", "estamos investigando", "확인
    /// 중", "調査中"): when the page tells no alert, that notice is the detection.
    pub notice: Vec<String>,
    /// Words that tell an alert came at once ("immediately", "sofort", "즉시", "直ちに"): an alert
    /// told with one and no time of its own was at the very start.
    pub immediate: Vec<String>,
    /// The same for onset words: "began investigating", "开始排查", "調査を開始" start the
    /// response, not the impact.
    pub start_not: Vec<String>,
    /// Words right after a time that close a period at it ("오후 6시까지 속도 저하 이어져",
    /// "17時まで"): that time ends something, so it is never an onset; the page language's own.
    pub until_after: Vec<String>,
}

/// Characters of a row compared with the start/end labels.
const LABEL_HEAD_CHARS: usize = 80;

/// Whether a block starts with one of `labels` followed by a separator ("Beginn · …").
pub(crate) fn starts_with_label(text: &str, labels: &[String]) -> bool {
    let t = text.trim_start_matches(|c: char| c.is_whitespace() || "*|-•#【[■◆●□".contains(c));
    // a label is short: only the row's head is compared (a long block costs nothing more)
    let head: String = t.chars().take(LABEL_HEAD_CHARS).collect();
    let lower = head.to_lowercase();
    labels.iter().any(|l| {
        let l = l.to_lowercase();
        if !lower.starts_with(&l) {
            return false;
        }
        let mut rest = lower[l.len()..].trim_start_matches(['*', ' ']);
        // a note before the separator: "Kết thúc (khôi phục chính):", "End (UTC):"
        if let Some(r) = rest.strip_prefix(['(', '（']) {
            if let Some(close) = r
                .find([')', '）'])
                .filter(|c| r[..*c].chars().count() <= 40)
            {
                rest = r[close..]
                    .trim_start_matches([')', '）'])
                    .trim_start_matches(['*', ' ']);
            }
        }
        rest.starts_with(|c: char| ":\t·|-–—：】]".contains(c))
            // (or, after a label of several words, only a space before the value's date:
            // "OUTAGE/PROBLEM END 2013-04-18 20:00"; a one-word "Started 3 Mar at 09:40pm" is a
            // post's stamp)
            || (l.contains([' ', '/'])
                && lower[l.len()..].starts_with(' ')
                && rest.starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// Whether a block is a window label alone on its line, its value on the next ("【障害発生日時】",
/// "Start time:", "■ 복구 일시").
pub(crate) fn is_label_line(text: &str, labels: &[String]) -> bool {
    let t = text
        .trim()
        .trim_start_matches(|c: char| c.is_whitespace() || "*|-•#【[■◆●□".contains(c))
        .trim_end_matches(|c: char| c.is_whitespace() || "*:：】]".contains(c))
        .to_lowercase();
    !t.is_empty() && labels.iter().any(|l| l.to_lowercase() == t)
}

/// The lower-cased text of the duration's block: `before` chars before it, the duration itself,
/// and `after` chars after it (`None` when the block is gone).
fn around(
    blocks: &[BlockText],
    d: &Stated,
    before: usize,
    after: usize,
) -> Option<(String, String, String)> {
    let block = blocks.get(d.block)?;
    let chars: Vec<char> = block.text.chars().collect();
    let local = d.start.saturating_sub(block.start).min(chars.len());
    let end = (local + d.quote.chars().count()).min(chars.len());
    let side = |a: usize, b: usize| chars[a..b].iter().collect::<String>().to_lowercase();
    Some((
        side(local.saturating_sub(before), local),
        side(local, end),
        side(end, (end + after).min(chars.len())),
    ))
}

/// Whether `text` (lower-cased) holds one of `words` as a word: a Latin word stands whole
/// ("will", not "willing"); words in Han, kana or Hangul may attach to their neighbours.
pub(crate) fn holds_word(text: &str, words: &[String]) -> bool {
    words.iter().any(|w| {
        let w = w.to_lowercase();
        !w.is_empty() && text.match_indices(&w).any(|(i, _)| whole_at(text, i, &w))
    })
}

/// Whether `w`, found at byte `i` of `text`, stands as a whole word there ("될 것": CJK words,
/// with a space between them or not, attach as one).
fn whole_at(text: &str, i: usize, w: &str) -> bool {
    w.chars().filter(|c| *c != ' ').all(is_cjk)
        || (text[..i]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric())
            && text[i + w.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric()))
}

/// Char spans (start, end) of the whole-word hits of `words` in `text`, as `holds_word` finds them.
fn word_spans(text: &str, words: &[String]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for w in words {
        let w = w.to_lowercase();
        if w.is_empty() {
            continue;
        }
        for (i, _) in text.match_indices(&w) {
            if whole_at(text, i, &w) {
                let s = text[..i].chars().count();
                out.push((s, s + w.chars().count()));
            }
        }
    }
    out
}

fn holds(text: &str, words: &[String]) -> bool {
    words
        .iter()
        .any(|w| !w.trim().is_empty() && text.contains(&w.to_lowercase()))
}

/// Whether one of `words` stands just before the duration, or just after it ("58분 동안").
fn introduced_by(blocks: &[BlockText], d: &Stated, words: &[String]) -> bool {
    // one stretch, as a word may run across the duration's own text
    around(blocks, d, LASTED_BEFORE_CHARS, LASTED_AFTER_CHARS)
        .is_some_and(|(b, q, a)| holds(&format!("{b}{q}{a}"), words))
}

/// How far after a recovery or alert word a length counted "later" may start for the word to
/// be dated by it ("se ha solucionado dos horas después").
const LATER_LENGTH_GAP_CHARS: usize = 12;
/// How much text after a length is read for its "later" word ("two hours later").
const LATER_WORD_CHARS: usize = 24;

/// Whether the duration is followed at once by one of `words` ("later", "después", "später"):
/// a length counted on from a time told before it.
fn later_length(blocks: &[BlockText], d: &Stated, words: &[String]) -> bool {
    around(blocks, d, 0, LATER_WORD_CHARS).is_some_and(|(_, _, a)| {
        let a = a.trim_start();
        words.iter().any(|w| {
            let w = w.to_lowercase();
            !w.is_empty() && a.starts_with(&w) && whole_at(a, 0, &w)
        })
    })
}

/// How far after a length an outage noun may end ("34 minute outage", "시간 동안의 장애").
const LASTED_NOUN_CHARS: usize = 24;

/// Whether the duration is followed at once (spaces, a hyphen) by one of `words`, the noun of
/// the outage it measures: "a 34 minute outage", "2시간 먹통", "3時間の障害".
fn names_outage(blocks: &[BlockText], d: &Stated, words: &[String]) -> bool {
    around(blocks, d, 0, LASTED_NOUN_CHARS).is_some_and(|(_, _, a)| {
        let a = a.trim_start_matches(|c: char| c.is_whitespace() || c == '-');
        words.iter().any(|w| {
            let w = w.to_lowercase();
            !w.is_empty() && a.starts_with(&w) && whole_at(a, 0, &w)
        })
    })
}

/// Whether one of `words` stands just before the duration in its own sentence: a watch after
/// the fix ("持续观察一小时", "monitored for 30 minutes") is no length of the incident.
fn watch_length(blocks: &[BlockText], d: &Stated, words: &[String]) -> bool {
    around(blocks, d, LASTED_BEFORE_CHARS, 0)
        .is_some_and(|(b, _, _)| holds(sentence_tail(&b), words))
}

/// Whether one of `words` stands close to the duration: just after it ("10시간 만에 복구",
/// "3時間後に復旧", "2小时后恢复") or a little before it ("was restored after two hours").
fn recovery_near(blocks: &[BlockText], d: &Stated, words: &[String]) -> bool {
    around(blocks, d, PRECEDED_CHARS, FOLLOWED_CHARS).is_some_and(|(b, _, a)| {
        // the verb may close the clause ("Nach rund drei Stunden war die Störung behoben"),
        // but never reaches past the sentence's end
        let (a, b) = (sentence_head(&a), sentence_tail(&b));
        holds(a, words) || holds(b, words)
    })
}

/// Whether the point stands between quotation marks in its block.
fn quoted(blocks: &[BlockText], p: &Point) -> bool {
    let Some(b) = blocks.get(p.block) else {
        return false;
    };
    let Some(k) = p.start.checked_sub(b.start) else {
        return false;
    };
    crate::time::text::quoted_at(&b.text, k)
}

/// A block of the page: its char offset in the page text and its text.
#[derive(Debug, Clone)]
pub struct BlockText {
    pub start: usize,
    pub text: String,
}

/// The points each keyword occurrence belongs to: for every occurrence of a word in a block,
/// the point of that block nearest to it (so "alerted at 16:31" picks 16:31, not the 16:30
/// mentioned earlier in the same line).
/// Each marked point carries the cost of its nearest word (lower is nearer), so a point that
/// words of two kinds reach ("outage until 6:20") can take the nearer one.
fn keyword_points(
    points: &[Point],
    blocks: &[BlockText],
    list: &[String],
    words: &EventWords,
    lengths: &[Stated],
) -> Vec<Option<usize>> {
    let words_time_after = words.time_after_word;
    let mut marked: Vec<Option<usize>> = vec![None; points.len()];
    let mut mark = |i: usize, cost: usize| {
        marked[i] = Some(marked[i].map_or(cost, |c| c.min(cost)));
    };
    let mut by_block: std::collections::HashMap<usize, Vec<usize>> = Default::default();
    for (i, p) in points.iter().enumerate() {
        by_block.entry(p.block).or_default().push(i);
    }
    // A row that holds only its time ("Monday 5:00pm MST") is described by the block after it
    // when that block has no time of its own: its words mark the row's time. On a status
    // page's history ("Resolved - This incident has been resolved." / "Mar 5, 16:02 UTC") each
    // stamp follows its update, so it reads the block before it.
    let up = stamps_follow_updates(points, blocks, &by_block, &words.status_words);
    for (&b, idx) in &by_block {
        let described = if up { b.checked_sub(1) } else { Some(b + 1) };
        let Some(described) = described else { continue };
        let (Some(block), Some(next)) = (blocks.get(b), blocks.get(described)) else {
            continue;
        };
        if by_block.contains_key(&described)
            || !(time_only(block, idx, points)
                || stamp_after_status_word(block, idx, points, &words.status_words))
            || (up && update_has_own_times(b, points, blocks, &by_block, &words.status_words))
        {
            continue;
        }
        let mut chars: Vec<char> = next.text.to_lowercase().chars().collect();
        // (above a stamp, the update's body may run to a few paragraphs below its status line:
        // "Resolved" / "Issue resolved: …" / "Bookings made during …" / "Posted Aug 11, 14:15")
        if up {
            if let Some(open) = update_opening(described, blocks, &by_block, &words.status_words) {
                let mut body: Vec<char> = Vec::new();
                for bl in &blocks[open..described] {
                    body.extend(bl.text.to_lowercase().chars());
                    body.push('\n');
                }
                body.extend(chars);
                chars = body;
            }
        }
        // (below a stamp, a short title line may stand before the update's body: "(Saturday
        // 10th March 2018 10:01:37 UTC)" / "API high latency" / "We are looking into …")
        if !up
            && next.text.chars().count() <= TITLE_LINE_CHARS
            && !by_block.contains_key(&(described + 1))
        {
            if let Some(body) = blocks.get(described + 1) {
                chars.push('\n');
                chars.extend(body.text.to_lowercase().chars());
            }
        }
        blank_phrases(&mut chars, not_words(list, words));
        // an update's opening status word ("Identified - …", "Monitoring - …") names its kind,
        // not an event of its own
        if up {
            blank_opening_status(&mut chars, &words.status_words);
        }
        let lower: String = chars.into_iter().collect();
        // nearness to the row: from the described block's start below it, from its end above
        if let Some(at) = list
            .iter()
            .filter(|w| !w.is_empty())
            .filter_map(|w| {
                let w = w.to_lowercase();
                let at = find_unnegated(&lower, &w, &words.negation)?;
                Some(if up {
                    lower.len().saturating_sub(at + w.len())
                } else {
                    at
                })
            })
            .min()
        {
            for &i in idx {
                mark(i, at * 2 + 1);
            }
        }
    }
    for (b, mut idx) in by_block {
        let Some(block) = blocks.get(b) else { continue };
        let mut lower: Vec<char> = block.text.to_lowercase().chars().collect();
        // to_lowercase can change lengths for a few scripts; fall back to whole-block marking.
        let aligned = lower.len() == block.text.chars().count();
        // an event word inside a phrase that says none ("por volta das", "开始排查") is blanked
        blank_phrases(&mut lower, not_words(list, words));
        let lower_s: String = lower.iter().collect();
        // sentence ends before each char, so "is there one between a and b" is O(1)
        let mut ends = Vec::with_capacity(lower.len() + 1);
        ends.push(0usize);
        for (i, c) in lower.iter().enumerate() {
            // (a headline's ellipsis parts two clauses as a full stop does: "6시간 40여분
            // 중단…24일 8시 40분 전체 서비스 복구"; a suspense one before a spaced number
            // does not, where the time follows its word: "commencé peu avant… 18 heures")
            let suspense = *c == '…'
                && words_time_after
                && lower.get(i + 1) == Some(&' ')
                && lower.get(i + 2).is_some_and(char::is_ascii_digit);
            ends.push(
                ends.last().copied().unwrap_or(0)
                    + usize::from(".;!?。！？\n…⋯".contains(*c) && !suspense),
            );
        }
        // clause breaks likewise (a comma between digits is a number's: "1,000")
        let mut breaks = Vec::with_capacity(lower.len() + 1);
        breaks.push(0usize);
        for (i, c) in lower.iter().enumerate() {
            let digit = |j: Option<usize>| {
                j.and_then(|j| lower.get(j))
                    .is_some_and(|c| c.is_ascii_digit())
            };
            let clause =
                ",，;；、".contains(*c) && !(digit(i.checked_sub(1)) && digit(Some(i + 1)));
            breaks.push(breaks.last().copied().unwrap_or(0) + usize::from(clause));
        }
        let rel = |x: usize| x.saturating_sub(block.start).min(lower.len());
        let crosses = |a: usize, b: usize| ends[rel(a.max(b))] > ends[rel(a.min(b))];
        let parts = |a: usize, b: usize| breaks[rel(a.max(b))] > breaks[rel(a.min(b))];
        // the sentences of this block that state a length: a recovery or an alert told with a
        // length ("O serviço foi restabelecido após cerca de 3 horas", "Nach 10 Minuten schlug
        // das Monitoring Alarm") happened that long after the start, not at a time the sentence
        // before names; onset words may still reach back ("Die Störung dauerte drei Stunden")
        let timed_sentences: Vec<usize> = if std::ptr::eq(list, &words.start[..]) {
            Vec::new()
        } else {
            lengths
                .iter()
                .filter(|d| d.block == b)
                .map(|d| ends[rel(d.start)])
                .collect()
        };
        idx.sort_by_key(|i| points[*i].start);
        for w in list.iter().filter(|w| !w.is_empty()) {
            let w = w.to_lowercase();
            let wlen = w.chars().count();
            let (mut char_pos, mut byte_pos) = (0, 0);
            for (byte_at, _) in lower_s.match_indices(&w) {
                if !aligned {
                    idx.iter().for_each(|i| mark(*i, usize::MAX / 2));
                    break;
                }
                if negated(&lower_s[..byte_at], &words.negation)
                    || negated_after(&lower_s[byte_at + w.len()..], &words.negation_after)
                {
                    continue;
                }
                // a recovery in progress or planned ("working to get it back online",
                // "복구 작업 중", "正在恢复") is none
                if std::ptr::eq(list, &words.resolution[..])
                    && in_progress(&lower_s[..byte_at], &lower_s[byte_at + w.len()..], words)
                {
                    continue;
                }
                char_pos += lower_s[byte_pos..byte_at].chars().count();
                byte_pos = byte_at;
                let at = block.start + char_pos;
                let after = at + wlen;
                let rest = &lower_s[byte_at + w.len()..];
                // an onset noun that is the subject of a recovery with no time of its own ("As
                // of 10:50, the outage has been resolved", "截至10時50分,故障已經修復") is no onset
                if std::ptr::eq(list, &words.start[..])
                    && words.start_nouns.iter().any(|n| n.to_lowercase() == w)
                    && subject_of_recovery(rest, after, &idx, points, words)
                {
                    continue;
                }
                // a `since` word whose own clause tells a recovery ("Seit etwa 15.20 Uhr laufe
                // wieder alles stabil", "Since 3pm everything is back to normal") dates the
                // recovery, not an onset
                if std::ptr::eq(list, &words.start[..])
                    && words.since.iter().any(|n| n.to_lowercase() == w)
                    && since_recovered(rest, words)
                {
                    continue;
                }
                // an onset word after a recovery named first in its clause is that recovery's
                // verb or complement ("a normalização dos serviços começou a partir das 16h30",
                // "la recuperación del fallo a las 14:00"): the time dates the recovery
                if std::ptr::eq(list, &words.start[..])
                    && recovery_leads_clause(&lower_s[..byte_at], words)
                {
                    continue;
                }
                let closed = words
                    .clause_end_after
                    .iter()
                    .any(|e| !e.is_empty() && rest.starts_with(e.as_str()));
                // the nearest time on each side of the word
                let k = idx.partition_point(|i| points[*i].start < at);
                let cost = |i: usize| {
                    let p = &points[i];
                    let (gap, time_after) = if at >= p.end {
                        (at - p.end, false)
                    } else {
                        (p.start.saturating_sub(after), true)
                    };
                    // twice the gap on the side the language's word order disfavours, and
                    // across a sentence end
                    let mut cost = gap * 2;
                    if time_after != words_time_after {
                        let side = if words_time_after {
                            DISFAVOURED_SIDE
                        } else {
                            VERB_FINAL_DISFAVOURED_SIDE
                        };
                        cost = cost * side / 2 + 1;
                    }
                    if (time_after && crosses(after, p.start))
                        || (!time_after && crosses(p.end, at))
                    {
                        cost += SENTENCE_CROSSING_COST + gap * 4;
                    } else if words_time_after
                        && ((time_after && parts(after, p.start))
                            || (!time_after && parts((p.end + OPENING_COMMA_CHARS).min(at), at)))
                    {
                        cost += CLAUSE_CROSSING_COST;
                    } else if !words_time_after && time_after && parts(after, p.start) {
                        // in a verb-final language the time after a word's clause break opens
                        // the next clause ("09:23开始出现服务器停机报警，10:30机房启动…")
                        cost += CLAUSE_CROSSING_COST;
                    }
                    cost
                };
                if let Some(best) = [k.checked_sub(1), Some(k)]
                    .into_iter()
                    .flatten()
                    .filter_map(|j| idx.get(j).copied())
                    .filter(|i| !(closed && points[*i].start >= after))
                    .filter(|i| {
                        let p = &points[*i];
                        let crossing = if at >= p.end {
                            crosses(p.end, at)
                        } else {
                            crosses(after, p.start)
                        };
                        // (an alert or a complaint is dated in its own sentence: the time
                        // before it ends the story's last sentence, "… 오후 4시까지
                        // 계속됐다. 시민들의 불만 제기와 문의전화가 줄을 이었다")
                        !crossing
                            || !(timed_sentences.contains(&ends[rel(at)])
                                || std::ptr::eq(list, &words.detection[..]))
                    })
                    // in a verb-final language a recovery or an alert told after a length
                    // ("오후 4시40분쯤 … 장애가 일어난 뒤 18분 만에 복구됐다") came that long
                    // after the time before the length, not at it (a length that only
                    // measures a noun, "50時間以上続いていた障害", does not part them)
                    .filter(|i| {
                        let p = &points[*i];
                        words_time_after
                            || timed_sentences.is_empty()
                            || at < p.end
                            || !lengths.iter().any(|d| {
                                d.block == b
                                    && d.start >= p.end
                                    && d.start + d.quote.chars().count() <= at
                                    && introduced_by(blocks, d, &words.lasted_then)
                            })
                    })
                    // a recovery or an alert told with a length after it and a "later" word
                    // ("se ha solucionado dos horas después", "fixed three hours later") came
                    // that long after the time told before the word, not at it
                    .filter(|i| {
                        let p = &points[*i];
                        !words_time_after
                            || std::ptr::eq(list, &words.start[..])
                            || at < p.end
                            || !lengths.iter().any(|d| {
                                d.block == b
                                    && d.start >= after
                                    && d.start - after <= LATER_LENGTH_GAP_CHARS
                                    && !crosses(after, d.start)
                                    && !parts(after, d.start)
                                    && later_length(blocks, d, &words.later_than_told)
                            })
                    })
                    .min_by_key(|i| cost(*i))
                {
                    let c = cost(best);
                    mark(best, c);
                }
            }
        }
    }
    marked
}

/// How far after an onset noun its recovery verb may stand ("the outage has since been fully
/// resolved", "故障已經修復", "장애는 모두 복구됐다").
const SUBJECT_REACH_CHARS: usize = 32;

/// Whether the clause after an onset noun (`rest`, starting at char `after`) reports its
/// recovery with no time of its own after the recovery word: then the noun is the recovery's
/// subject and a time before it is the recovery's, not the onset's ("until 12:00" has one).
fn subject_of_recovery(
    rest: &str,
    after: usize,
    idx: &[usize],
    points: &[Point],
    words: &EventWords,
) -> bool {
    // the noun's clause goes on to a `since` word whose own clause tells the recovery ("Die
    // Probleme seien seit etwa sieben Uhr morgens wieder behoben"): the noun is its subject
    let near: String = rest.chars().take(SUBJECT_REACH_CHARS).collect();
    if words
        .since
        .iter()
        .filter(|w| !w.trim().is_empty())
        .any(|w| {
            let w = w.to_lowercase();
            near.match_indices(w.as_str()).any(|(at, _)| {
                let before = &near[..at];
                !before.contains([',', '，', ';', '；', '.', '。', '!', '?', '\n'])
                    && near[..at]
                        .chars()
                        .last()
                        .is_none_or(|c| !c.is_alphanumeric())
                    && rest
                        .get(at + w.len()..)
                        .is_some_and(|r| since_recovered(r, words))
            })
        })
    {
        return true;
    }
    let clause: String = rest
        .chars()
        .take(SUBJECT_REACH_CHARS)
        .take_while(|c| !",，;；、.。!?！？\n".contains(*c))
        .collect();
    let Some((word_at, word_end)) = words
        .resolution
        .iter()
        .filter(|r| !r.trim().is_empty())
        .filter_map(|r| {
            let r = r.to_lowercase();
            let at = after + find_unnegated(&clause, &r, &words.negation)?;
            Some((at, at + r.chars().count()))
        })
        .min()
    else {
        return false;
    };
    // the recovery word closes its clause, as a verb does at a clause's end ("konnten wir die
    // Störung um 08:44 Uhr beseitigen."): a time right before it is that verb's
    let clause_len = clause.chars().count();
    let closes_clause = rest.chars().nth(clause_len).is_some()
        && clause
            .chars()
            .skip(word_end - after)
            .all(char::is_whitespace);
    // the noun's own onset verb before the recovery ("장애가 일어난 뒤 18분 만에 복구됐다"):
    // the noun is that verb's subject, and a time before it the onset's
    let before_word: String = rest.chars().take(word_at - after).collect();
    if holds(&before_word.to_lowercase(), &words.start) {
        return false;
    }
    // a time between the noun and the recovery word is the noun's own ("the outage from 10:00
    // until 12:00"); one after the recovery word dates the recovery ("장애가 복구됐다는 공지가
    // 이날 오후 11시47분께 나왔다", "the outage was resolved at 11:47")
    // … unless, in a verb-final language, the time stands right before the recovery word as
    // its adverb ("障害は午後5時台に復旧し", "장애는 오후 5시께 복구됐다"): the recovery's time
    // … or stands before it with only adverbs between ("장애를 오후 1시 50분께 완전히
    // 복구했다"): in a verb-final language the time belongs to the first verb after it, so it is
    // the noun's own only when an onset or a `since` word comes between it and the recovery
    // ("장애가 오후 1시 발생해 3시 복구됐다", "오후 1시부터 …")
    !idx.iter().any(|i| {
        let p = &points[*i];
        p.start >= after
            && p.start < word_at
            && ((words.time_after_word
                && !(closes_clause && word_at.saturating_sub(p.end) <= RECOVERY_ADVERB_GAP_CHARS))
                || (word_at.saturating_sub(p.end) > RECOVERY_ADVERB_GAP_CHARS
                    && onset_between(rest, p.end.saturating_sub(after), word_at - after, words)))
    })
}

/// Whether the chars `from..to` of `rest` hold an onset or a `since` word: the verb a time
/// before them belongs to in a verb-final language.
fn onset_between(rest: &str, from: usize, to: usize, words: &EventWords) -> bool {
    let between: String = rest
        .chars()
        .skip(from)
        .take(to.saturating_sub(from))
        .collect::<String>()
        .to_lowercase();
    holds(&between, &words.start) || holds(&between, &words.since)
}

/// Chars between a time and the recovery word it dates in a verb-final language ("5時台に",
/// "5시께 ").
const RECOVERY_ADVERB_GAP_CHARS: usize = 3;

/// How far after a `since` word the recovery of its clause may end ("seit etwa 15.20 Uhr laufe
/// wieder alles stabil").
const SINCE_RECOVERY_REACH_CHARS: usize = 90;

/// Whether the sentence after a `since` word (`rest`) tells a recovery and no onset: "since
/// 3pm, everything is back to normal" dates the recovery.
fn since_recovered(rest: &str, words: &EventWords) -> bool {
    let chars: Vec<char> = rest.chars().take(SINCE_RECOVERY_REACH_CHARS).collect();
    // the sentence ends at its stop, not at a clock's or a number's dot ("15.20 Uhr") nor at an
    // abbreviation's, which a lower-case word follows ("11:30 a.m. everything")
    let digit = |i: Option<usize>| {
        i.and_then(|i| chars.get(i))
            .is_some_and(char::is_ascii_digit)
    };
    // (or a number follows it: "Seit ca. 4:30 Uhr sollen die Dienste wieder laufen")
    let abbreviation = |i: usize| {
        chars[i] == '.'
            && chars[i + 1..]
                .iter()
                .find(|c| !c.is_whitespace())
                .is_some_and(|c| {
                    c.is_lowercase()
                        || (c.is_ascii_digit() && i > 0 && chars[i - 1].is_alphabetic())
                })
    };
    let end = (0..chars.len())
        .find(|&i| {
            ".。!?！？;；\n".contains(chars[i])
                && !(digit(i.checked_sub(1)) && digit(Some(i + 1)))
                && !abbreviation(i)
        })
        .unwrap_or(chars.len());
    // an onset noun there is the recovery's subject ("seit 15.20 Uhr sei die Störung behoben")
    let (recovery, onset) = first_event_words(chars[..end].to_vec(), words);
    recovery.is_some() && onset.is_none()
}

/// In a clause, with the phrases that report no event blanked: the char offset of its first
/// unnegated recovery word and of its first onset word (`since` words and onset nouns left out).
fn first_event_words(mut clause: Vec<char>, words: &EventWords) -> (Option<usize>, Option<usize>) {
    blank_phrases(&mut clause, &words.resolution_not);
    blank_phrases(&mut clause, &words.start_not);
    let clause: String = clause.into_iter().collect();
    let first = |list: &[String]| {
        list.iter()
            .filter(|w| {
                !w.trim().is_empty() && !words.since.contains(w) && !words.start_nouns.contains(w)
            })
            .filter_map(|w| find_unnegated(&clause, &w.to_lowercase(), &words.negation))
            .min()
    };
    (first(&words.resolution), first(&words.start))
}

/// How far before an onset word the recovery that leads its clause may stand.
const RECOVERY_LEAD_REACH_CHARS: usize = 60;

/// Whether the clause before an onset word (`before`) names a recovery with no onset ahead of
/// it ("the return to normal began at 16:30", "permitiu a recuperação dos serviços a partir
/// das 12h40").
fn recovery_leads_clause(before: &str, words: &EventWords) -> bool {
    let tail: Vec<char> = before
        .chars()
        .rev()
        .take(RECOVERY_LEAD_REACH_CHARS)
        .collect();
    let start = tail
        .iter()
        .position(|c| ",，;；、.。!?！？\n".contains(*c))
        .unwrap_or(tail.len());
    let clause: Vec<char> = tail[..start].iter().rev().copied().collect();
    match first_event_words(clause, words) {
        (Some(r), Some(s)) => r < s,
        (Some(_), None) => true,
        _ => false,
    }
}

/// The phrases that hold one of `list`'s words and report no such event ("por volta das",
/// "开始排查", "we are monitoring the results").
fn not_words<'a>(list: &[String], words: &'a EventWords) -> &'a [String] {
    if std::ptr::eq(list, &words.resolution[..]) {
        &words.resolution_not
    } else if std::ptr::eq(list, &words.start[..]) {
        &words.start_not
    } else if std::ptr::eq(list, &words.detection[..]) || std::ptr::eq(list, &words.notice[..]) {
        &words.detection_not
    } else {
        &[]
    }
}

/// Blanks a status word that opens `text` ("identified - the issue …").
fn blank_opening_status(text: &mut [char], status: &[String]) {
    let lead = text.iter().take_while(|c| c.is_whitespace()).count();
    for w in status {
        let w: Vec<char> = w.to_lowercase().chars().collect();
        let end = lead + w.len();
        if !w.is_empty()
            && text.get(lead..end) == Some(&w[..])
            && text.get(end).is_none_or(|c| !c.is_alphanumeric())
        {
            text[lead..end].iter_mut().for_each(|c| *c = ' ');
            return;
        }
    }
}

/// Blanks (with spaces, keeping every char's position) each occurrence of `phrases` in `text`.
fn blank_phrases(text: &mut [char], phrases: &[String]) {
    for p in phrases.iter().filter(|p| !p.is_empty()) {
        let p: Vec<char> = p.to_lowercase().chars().collect();
        let mut i = 0;
        while i + p.len() <= text.len() {
            if text[i..i + p.len()] == p[..] {
                text[i..i + p.len()].iter_mut().for_each(|c| *c = ' ');
                i += p.len();
            } else {
                i += 1;
            }
        }
    }
}

/// Whether the page's time-only rows are a status page's stamps, each after its update: the
/// first comes right after an update that opens with a status word ("Resolved - …",
/// "Investigating - …", or the word on its own line above the update) and the last is not
/// followed by one (a timeline's rows are the other
/// way round: "14:52" then "Investigating …", the last row's text closing the list; a lone
/// status word ending the page is an update cut off).
fn stamps_follow_updates(
    points: &[Point],
    blocks: &[BlockText],
    by_block: &std::collections::HashMap<usize, Vec<usize>>,
    status: &[String],
) -> bool {
    if status.is_empty() {
        return false;
    }
    let mut rows: Vec<usize> = by_block
        .iter()
        .filter(|(b, idx)| blocks.get(**b).is_some_and(|bl| time_only(bl, idx, points)))
        .map(|(b, _)| *b)
        .collect();
    if rows.len() < 2 {
        return false;
    }
    rows.sort_unstable();
    let opens_update = |b: usize| {
        !by_block.contains_key(&b)
            && blocks
                .get(b)
                .is_some_and(|bl| opens_with_status(&bl.text, status))
    };
    // the status word opens the update's text ("Resolved - …") or stands on its own line
    // above it ("해결됨" / "결제 지연 현상이 해결되었습니다.")
    let (first, last) = (rows[0], rows[rows.len() - 1]);
    // (an update's body may run to a few paragraphs: "Resolved" / "Issue resolved: …" /
    // "Bookings made during …" / "Posted Aug 11, 14:15")
    let opened = |b: usize| {
        b.checked_sub(1)
            .and_then(|last| update_opening(last, blocks, by_block, status))
            .is_some()
    };
    // the first stamp may close a postmortem of many paragraphs above the history ("Postmortem"
    // on its own line, then the review): the second then shows the order
    // (a status word closing the page, alone or with the start of its update and no stamp, is
    // the next update cut off: "Update" and no more, or "Monitoring" / "A fix has been …")
    let cut_off = |b: usize| {
        let alone = blocks.get(b).is_some_and(|bl| {
            let t = bl.text.trim();
            status.iter().any(|w| t.eq_ignore_ascii_case(w))
        });
        alone
            && (b + 1 >= blocks.len()
                || (b + 2 >= blocks.len() && !by_block.contains_key(&(b + 1))))
    };
    (opened(first) || rows.get(1).is_some_and(|b| opened(*b)))
        && (!opens_update(last + 1) || cut_off(last + 1))
}

/// The paragraph that opens the update whose body ends at paragraph `last`: the nearest one
/// above that opens with a status word, within [`UPDATE_BODY_BLOCKS`] and no time between.
fn update_opening(
    last: usize,
    blocks: &[BlockText],
    by_block: &std::collections::HashMap<usize, Vec<usize>>,
    status: &[String],
) -> Option<usize> {
    (0..UPDATE_BODY_BLOCKS)
        .map_while(|k| last.checked_sub(k))
        .take_while(|&b| !by_block.contains_key(&b))
        .find(|&b| {
            blocks
                .get(b)
                .is_some_and(|bl| opens_with_status(&bl.text, status))
        })
}

/// How many paragraphs back from its stamp an update's status word is looked for.
const UPDATE_BODY_BLOCKS: usize = 4;

/// Whether `text` opens with one of a status page's update words, standing whole ("Resolved - …",
/// "Monitoring", "해결됨"), which opens an update.
fn opens_with_status(text: &str, status: &[String]) -> bool {
    let t = text.trim_start().to_lowercase();
    status.iter().any(|w| {
        let w = w.to_lowercase();
        !w.is_empty()
            && t.starts_with(&w)
            && t[w.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Whether the update a status stamp closes (the blocks back to the stamp before it, or to the
/// line opening the update) holds times of its own: a postmortem's stamp ("Postmortem", the review
/// with its timeline, "Posted Jul 17 - 09:42") dates its publication, and the review's words belong
/// to the review's times, not to the stamp.
fn update_has_own_times(
    b: usize,
    points: &[Point],
    blocks: &[BlockText],
    by_block: &std::collections::HashMap<usize, Vec<usize>>,
    status: &[String],
) -> bool {
    for k in (0..b).rev() {
        let Some(bl) = blocks.get(k) else {
            return false;
        };
        if let Some(idx) = by_block.get(&k) {
            // the stamp before this one: the update between holds no time
            return !time_only(bl, idx, points);
        }
        if opens_with_status(&bl.text, status) {
            return false;
        }
    }
    false
}

/// How far from a time its sentence is read, each way, when a rule looks for words in it.
const SENTENCE_REACH_CHARS: usize = 300;

/// The lower-cased text up to `reach` chars before char `a` and after char `b`.
pub(crate) fn beside(chars: &[char], a: usize, b: usize, reach: usize) -> (String, String) {
    let lower = |cs: &[char]| cs.iter().collect::<String>().to_lowercase();
    (
        lower(&chars[a.saturating_sub(reach)..a]),
        lower(&chars[b..(b + reach).min(chars.len())]),
    )
}

/// Points whose sentence names a member of the public ([`EventWords::public`]): an alert word
/// there may tell someone outside noticing, not the operators being alerted.
fn public_sentences(points: &[Point], blocks: &[BlockText], words: &EventWords) -> Vec<bool> {
    point_flags(points, blocks, &words.public, |chars, a, b| {
        // (a sentence is read within a bounded reach: a page of one endless line stays linear)
        let (before, after) = beside(chars, a, b, SENTENCE_REACH_CHARS);
        holds_word(sentence_tail(&before), &words.public)
            || holds_word(sentence_head(&after), &words.public)
    })
}

/// The points that are a status page's stamps, each after its update ("Resolved - …" /
/// "Posted Mar 5, 16:02 UTC"): a post's time, which the page's own account of the recovery
/// ("full availability returned at 08:10") outranks.
fn status_stamps(points: &[Point], blocks: &[BlockText], words: &EventWords) -> Vec<bool> {
    let mut by_block: std::collections::HashMap<usize, Vec<usize>> = Default::default();
    for (i, p) in points.iter().enumerate() {
        by_block.entry(p.block).or_default().push(i);
    }
    if !stamps_follow_updates(points, blocks, &by_block, &words.status_words) {
        return stamps_newest_first(points, blocks, &by_block);
    }
    points
        .iter()
        .map(|p| {
            blocks
                .get(p.block)
                .zip(by_block.get(&p.block))
                .is_some_and(|(bl, idx)| time_only(bl, idx, points))
        })
        .collect()
}

/// A notification history that lists its updates newest first, each under a date-time line of
/// its own ("04/29/2020 12:11PM UTC / The problem is resolved. …", then "04/29/2020 10:39AM UTC /
/// Connection issues detected."): those lines are the posts' stamps. (A timeline's rows run
/// oldest first and rarely repeat the date.)
fn stamps_newest_first(
    points: &[Point],
    blocks: &[BlockText],
    by_block: &std::collections::HashMap<usize, Vec<usize>>,
) -> Vec<bool> {
    let mut rows: Vec<(usize, usize)> = by_block
        .iter()
        .filter(|(b, idx)| {
            idx.len() == 1
                && blocks.get(**b).is_some_and(|bl| {
                    time_only(bl, idx, points) && super::timeline::update_stamp_line(&bl.text)
                })
        })
        .map(|(b, idx)| (*b, idx[0]))
        .collect();
    rows.sort_unstable();
    let newest_first = rows.len() >= 2
        && rows
            .windows(2)
            .all(|w| points[w[0].1].at > points[w[1].1].at);
    let mut out = vec![false; points.len()];
    if newest_first {
        for (_, i) in rows {
            out[i] = true;
            // (the same stamp repeated, as a title does: "Connection problems resolved,
            // 04/29/2020 12:11PM UTC")
            for (k, p) in points.iter().enumerate() {
                if p.at == points[i].at && p.quote == points[i].quote {
                    out[k] = true;
                }
            }
        }
    }
    out
}

/// Whether a negation stands just before the sentence's "immediately" word ("were not
/// immediately alerted", "nicht sofort", "즉시 감지하지 못했다" is caught by `negation_after`).
fn immediate_negated(sentence: &str, words: &EventWords) -> bool {
    words.immediate.iter().any(|w| {
        let w = w.to_lowercase();
        sentence.match_indices(&w).any(|(i, _)| {
            let before: String = sentence[..i]
                .chars()
                .rev()
                .take(12)
                .collect::<Vec<_>>()
                .into_iter()
                .rev()
                .collect();
            let after: String = sentence[i + w.len()..].chars().take(16).collect();
            holds_word(&before, &words.negation) || holds_word(&after, &words.negation_after)
        })
    })
}

/// The char offset of the first sentence of the incident's account that tells an alert (or the
/// response, a `notice` word: "즉시 긴급 점검에 들어갔고") came at once and names no time ("The alarms told the team straight away", "Das Monitoring schlug
/// sofort Alarm", "즉시 감지했다"): the detection at the very start. Sentences after the last
/// incident time (action items, plans) and negated ones ("not immediately") do not count.
fn immediate_alert(points: &[Point], blocks: &[BlockText], words: &EventWords) -> Option<usize> {
    if words.immediate.is_empty() {
        return None;
    }
    let last_block = points
        .iter()
        .filter(|p| p.place.is_incident())
        .map(|p| p.block)
        .max()?;
    for (k, b) in blocks.iter().enumerate().take(last_block + 1) {
        let lower = b.text.to_lowercase();
        if lower.chars().count() != b.text.chars().count() {
            continue;
        }
        let mut at = 0;
        for sentence in lower.split_inclusive(SENTENCE_ENDS) {
            let (from, len) = (b.start + at, sentence.chars().count());
            at += len;
            let timed = points
                .iter()
                .any(|p| p.block == k && p.start < from + len && p.end > from);
            if !timed
                && holds_word(sentence, &words.immediate)
                && (holds(sentence, &words.detection) || holds(sentence, &words.notice))
                && !holds(sentence, &words.detection_not)
                && !holds_word(sentence, &words.promise_before)
                && !immediate_negated(sentence, words)
            {
                return Some(from);
            }
        }
    }
    None
}

/// Whether a block is only its time(s) and a little decoration ("Tuesday 10:30am MST",
/// "**14:05**").
fn time_only(block: &BlockText, idx: &[usize], points: &[Point]) -> bool {
    let total = block.text.chars().filter(|c| c.is_alphanumeric()).count();
    let quoted: usize = idx
        .iter()
        .map(|i| {
            points[*i]
                .quote
                .chars()
                .filter(|c| c.is_alphanumeric())
                .count()
        })
        .sum();
    total > 0 && total <= quoted + 12
}

/// Whether a row holds only its time after an update's status word ("- investigating May 11,
/// 2021, 02:35 AM UTC", "Resolved · 16:02 UTC"): a stamp whose update is the block below.
fn stamp_after_status_word(
    block: &BlockText,
    idx: &[usize],
    points: &[Point],
    status_words: &[String],
) -> bool {
    let text = block
        .text
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .to_lowercase();
    status_words.iter().any(|w| {
        let w = w.to_lowercase();
        !w.is_empty()
            && text.starts_with(&w)
            && !text[w.len()..].starts_with(|c: char| c.is_alphanumeric())
            && {
                let rest = BlockText {
                    start: block.start,
                    text: text[w.len()..].to_string(),
                };
                time_only(&rest, idx, points)
            }
    })
}

/// Whether the word just before an event word is a negation ("was never unavailable", "were
/// not affected"); only the next word is negated ("did not recover until 11:00" ends at 11:00).
fn negated(before: &str, negation: &[String]) -> bool {
    if negation.is_empty() {
        return false;
    }
    let last = before
        .trim_end()
        .rsplit(|c: char| c.is_whitespace())
        .next()
        .unwrap_or("");
    // a clause or sentence end between them ends the negation
    if before
        .trim_end()
        .ends_with(|c: char| ".;:!?,。；：！？，".contains(c))
    {
        return false;
    }
    let tail = before.trim_end();
    negation.iter().any(|n| {
        let n = n.to_lowercase();
        // scripts without spaces between words: the negation ends the text ("尚未恢复"); a
        // negation of several words ends it after a space ("working to restore")
        last == n
            || (n.chars().all(is_cjk) && tail.ends_with(&n))
            || (n.contains(' ')
                && tail.ends_with(&n)
                && tail[..tail.len() - n.len()]
                    .chars()
                    .next_back()
                    .is_none_or(|c| !c.is_alphanumeric()))
    })
}

/// How many characters beside a time a `since` word may stand ("desde las", "9시부터").
const SINCE_REACH_CHARS: usize = 16;

/// Most chars of a time's sentence read on each side for an onset word.
const BARE_SINCE_REACH_CHARS: usize = 200;

/// Onset marks taken off the times whose sentence holds no onset word but a `since` word
/// ("신한은행은 오전 9시부터 … 대출 신청을 받았다", "from 9:00 the bank took loan
/// applications"): "from" a time dates whatever the sentence tells, and it tells no impact.
/// Only when the page marks other onsets.
fn without_bare_since(
    points: &[Point],
    blocks: &[BlockText],
    words: &EventWords,
    mut starts: Vec<bool>,
) -> Vec<bool> {
    let onset_words: Vec<String> = words
        .start
        .iter()
        .filter(|w| !w.trim().is_empty() && !words.since.contains(w))
        .map(|w| w.to_lowercase())
        .collect();
    let sentence_bare = point_flags(points, blocks, &words.since, |chars, a, b| {
        // (a full stop ends a sentence only before a space or the end: "File not Found.라는
        // 메세지가 나오기 시작했다" quotes a message, "16.10 Uhr" is a time)
        let is_end = |k: usize| {
            SENTENCE_ENDS.contains(&chars[k])
                && (chars[k] != '.' || chars.get(k + 1).is_none_or(|c| c.is_whitespace()))
        };
        let from = (a.saturating_sub(BARE_SINCE_REACH_CHARS)..a)
            .rev()
            .find(|&k| is_end(k))
            .map_or(a.saturating_sub(BARE_SINCE_REACH_CHARS), |k| k + 1);
        let to = (b..(b + BARE_SINCE_REACH_CHARS).min(chars.len()))
            .find(|&k| is_end(k))
            .unwrap_or((b + BARE_SINCE_REACH_CHARS).min(chars.len()));
        let mut sentence: Vec<char> = chars[from..to]
            .iter()
            .flat_map(|c| c.to_lowercase())
            .collect();
        // (the since word first: most times have none, and blanking is the dear part)
        if !holds_word(&sentence.iter().collect::<String>(), &words.since) {
            return false;
        }
        blank_phrases(&mut sentence, &words.start_not);
        let sentence: String = sentence.into_iter().collect();
        !onset_words.iter().any(|w| sentence.contains(w.as_str()))
    });
    let bare: Vec<usize> = (0..points.len())
        .filter(|i| starts[*i] && sentence_bare[*i])
        .collect();
    // (a page whose only onsets are such times keeps them: "Ab kurz nach 22.00 Uhr spürten
    // viele Internetnutzer die Folgen" tells the impact in words no list holds)
    if bare.len() < starts.iter().filter(|s| **s).count() {
        for i in bare {
            starts[i] = false;
        }
    }
    starts
}

/// Onset marks taken off the times whose sentence reports the impact still under way at that
/// time ("A las seis de la tarde el servicio seguía sin restaurarse"), unless a `since` word
/// stands right beside the time ("since 9:00 … still down").
fn without_still_times(
    points: &[Point],
    blocks: &[BlockText],
    words: &EventWords,
    mut starts: Vec<bool>,
) -> Vec<bool> {
    if words.still.is_empty() {
        return starts;
    }
    for (i, p) in points.iter().enumerate() {
        let Some(block) = blocks.get(p.block).filter(|_| starts[i]) else {
            continue;
        };
        let chars: Vec<char> = block.text.chars().collect();
        let (a, b) = (
            p.start.saturating_sub(block.start).min(chars.len()),
            p.end.saturating_sub(block.start).min(chars.len()),
        );
        // (a still word nearer another time of the sentence is that time's: "began at 9:30,
        // with 28,842 reports as of 5:02 p.m.")
        let next = points
            .iter()
            .filter(|q| q.block == p.block && q.start >= p.end)
            .map(|q| q.start.saturating_sub(block.start).min(chars.len()))
            .min()
            .unwrap_or(chars.len());
        let prev = points
            .iter()
            .filter(|q| q.block == p.block && q.end <= p.start)
            .map(|q| q.end.saturating_sub(block.start).min(chars.len()))
            .max()
            .unwrap_or(0);
        let before: String = chars[..a].iter().collect::<String>().to_lowercase();
        let after: String = chars[b..].iter().collect::<String>().to_lowercase();
        let (before, after) = (sentence_tail(&before), sentence_head(&after));
        let own = |side: &str, gap_to_other: Option<usize>, after_side: bool| {
            word_spans(side, &words.still).into_iter().any(|(ws, we)| {
                let (to_me, to_other) = if after_side {
                    (ws, gap_to_other.map(|g| g.saturating_sub(we)))
                } else {
                    let n = side.chars().count();
                    (n - we, gap_to_other.map(|g| ws.saturating_sub(n - g)))
                };
                to_other.is_none_or(|o| to_me <= o)
            })
        };
        let after_gap = (next < chars.len()).then(|| next - b);
        // chars from the start of `before` (its sentence) to the previous time's end
        let before_gap = (prev > 0)
            .then(|| a - prev)
            .filter(|g| *g <= before.chars().count());
        if !own(before, before_gap, false) && !own(after, after_gap, true) {
            continue;
        }
        let near_before: String = before
            .chars()
            .rev()
            .take(SINCE_REACH_CHARS)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        let near_after: String = after.chars().take(SINCE_REACH_CHARS).collect();
        if !holds_word(&near_before, &words.since) && !holds_word(&near_after, &words.since) {
            starts[i] = false;
        }
    }
    starts
}

/// Characters between a time and an "as of" word written right next to it ("12시 현재",
/// "as of 6pm", "截至18时").
const AS_OF_REACH_CHARS: usize = 6;

/// Each block's chars, collected once and kept: a block may hold thousands of times.
#[derive(Default)]
pub(crate) struct BlockChars(std::collections::HashMap<usize, Vec<char>>);

impl BlockChars {
    /// The chars of the block `p` stands in, and the page offset where that block starts.
    pub(crate) fn of(&mut self, blocks: &[BlockText], p: &Point) -> Option<(&[char], usize)> {
        let block = blocks.get(p.block)?;
        let chars = self
            .0
            .entry(p.block)
            .or_insert_with(|| block.text.chars().collect());
        Some((chars.as_slice(), block.start))
    }
}

/// One flag per point, from `test(block chars, point start, point end)` (offsets within the
/// block); all false when `words` is empty.
fn point_flags(
    points: &[Point],
    blocks: &[BlockText],
    words: &[String],
    mut test: impl FnMut(&[char], usize, usize) -> bool,
) -> Vec<bool> {
    if words.is_empty() {
        return vec![false; points.len()];
    }
    let mut chars_of = BlockChars::default();
    points
        .iter()
        .map(|p| {
            let Some((chars, block_start)) = chars_of.of(blocks, p) else {
                return false;
            };
            let a = p.start.saturating_sub(block_start).min(chars.len());
            let b = p.end.saturating_sub(block_start).min(chars.len());
            test(chars, a, b)
        })
        .collect()
}

/// Times written with a word right after them that closes a period there ("오후 6시까지",
/// "10時頃まで"): the end of something, never an onset.
fn until_times(points: &[Point], blocks: &[BlockText], words: &EventWords) -> Vec<bool> {
    point_flags(points, blocks, &words.until_after, |chars, _, b| {
        let after: String = chars[b..]
            .iter()
            .skip_while(|c| c.is_whitespace())
            .take(UNTIL_AFTER_CHARS)
            .collect();
        words
            .until_after
            .iter()
            .any(|w| !w.is_empty() && after.starts_with(w.as_str()))
    })
}

/// Most chars read after a time for a word that closes a period there.
const UNTIL_AFTER_CHARS: usize = 8;

/// Times the page writes a state "as of" ("2월 20일 12시 현재", "as of 18:00", "截至18时"): the
/// writer's check, not the moment the state began.
pub(crate) fn as_of_times(points: &[Point], blocks: &[BlockText], words: &EventWords) -> Vec<bool> {
    point_flags(points, blocks, &words.as_of, |chars, a, b| {
        let (before, after) = beside(chars, a, b, AS_OF_REACH_CHARS);
        holds_word(&before, &words.as_of) || holds_word(&after, &words.as_of)
    })
}

/// Times that date an announcement of the recovery ("Por volta das 10h, a empresa comunicou que o
/// problema havia sido normalizado", "At 10:00 the company said that service had been
/// restored"): a reporting verb follows the time closely and a recovery word follows the verb in
/// the same sentence. Such a time ends the window only when the page tells no recovery of its
/// own.
fn announced_recoveries(points: &[Point], blocks: &[BlockText], words: &EventWords) -> Vec<bool> {
    point_flags(points, blocks, &words.announce, |chars, _, b| {
        let after: String = chars[b..]
            .iter()
            .take(ANNOUNCE_CLAUSE_CHARS)
            .take_while(|c| !SENTENCE_ENDS.contains(*c))
            .collect::<String>()
            .to_lowercase();
        let head: String = after.chars().take(ANNOUNCE_REACH_CHARS).collect();
        words.announce.iter().any(|w| {
            let w = w.to_lowercase();
            head.find(&w).is_some_and(|at| {
                let rest = &after[at + w.len()..];
                holds(rest, &words.resolution) && !holds(&after[..at], &words.resolution)
            })
        })
    })
}

/// Points whose sentence tells planned work ("25日の0時から5時37分ごろまで行われていたメンテナンス",
/// "the maintenance window from 01:00 to 03:00").
fn in_maintenance(points: &[Point], blocks: &[BlockText], words: &EventWords) -> Vec<bool> {
    point_flags(points, blocks, &words.maintenance, |chars, a, _| {
        let lo = a.saturating_sub(MAINTENANCE_SENTENCE_CHARS);
        let hi = (a + MAINTENANCE_SENTENCE_CHARS).min(chars.len());
        let from = chars[lo..a]
            .iter()
            .rposition(|c| SENTENCE_ENDS.contains(c))
            .map_or(lo, |i| lo + i + 1);
        let to = chars[a..hi]
            .iter()
            .position(|c| SENTENCE_ENDS.contains(c))
            .map_or(hi, |i| a + i);
        let sentence: String = chars[from..to].iter().collect::<String>().to_lowercase();
        holds(&sentence, &words.maintenance)
    })
}

/// How far after a time a reporting verb may stand to make it the announcement's time.
const ANNOUNCE_REACH_CHARS: usize = 45;
/// How far after the time the announced clause is read (a bound, so a page of one endless line
/// stays linear).
const ANNOUNCE_CLAUSE_CHARS: usize = 240;
/// How far on each side of a time its sentence is read for words of planned work.
const MAINTENANCE_SENTENCE_CHARS: usize = 240;

/// Times told in one sentence with a watch after the fix ("17:45，持续观察一小时，未发现问题，
/// 按预案结束处理过程", "after monitoring for an hour we closed the incident at 17:45"): the close
/// of that watch, which ends the window only when the page tells no other recovery.
fn watch_closings(
    points: &[Point],
    blocks: &[BlockText],
    durations: &[Stated],
    words: &EventWords,
) -> Vec<bool> {
    let watches: Vec<&Stated> = durations
        .iter()
        .filter(|d| watch_length(blocks, d, &words.lasted_not))
        .collect();
    points
        .iter()
        .map(|p| {
            watches.iter().any(|d| {
                d.block == p.block
                    && blocks.get(p.block).is_some_and(|b| {
                        let (a, z) = if p.end <= d.start {
                            (p.end, d.start)
                        } else {
                            (d.start + d.quote.chars().count(), p.start)
                        };
                        let between: String = b
                            .text
                            .chars()
                            .skip(a.saturating_sub(b.start))
                            .take(z.saturating_sub(a))
                            .collect();
                        !between.contains(". ")
                            && !between.contains(['!', '?', '。', '！', '？', '\n'])
                    })
            })
        })
        .collect()
}

/// Characters before a time searched, within its clause, for a word that makes it the peak.
const PEAK_BEFORE_CHARS: usize = 40;

/// Times the page gives as the incident's peak ("o pico de reclamações foi às 11h", "pico entre
/// 11h e 14h", "Höhepunkt gegen 10 Uhr", "최고조에 달한 오후 3시"): mid-incident, so neither its
/// onset nor, as a range, its window.
fn peak_times(points: &[Point], blocks: &[BlockText], words: &EventWords) -> Vec<bool> {
    points
        .iter()
        .map(|p| {
            if words.peak.is_empty() {
                return false;
            }
            let Some(block) = blocks.get(p.block) else {
                return false;
            };
            let chars: Vec<char> = block.text.chars().collect();
            let a = p.start.saturating_sub(block.start).min(chars.len());
            let before: String = chars[a.saturating_sub(PEAK_BEFORE_CHARS)..a]
                .iter()
                .collect::<String>()
                .to_lowercase();
            let clause = before
                .rsplit(|c: char| SENTENCE_ENDS.contains(&c) || ",，;；".contains(c))
                .next()
                .unwrap_or("");
            holds_word(clause, &words.peak)
        })
        .collect()
}

/// Characters of the clause before a recovery word searched for a word that makes it work in
/// progress ("engineers were trying to get the gateway back online").
const PROGRESS_BEFORE_CHARS: usize = 48;

/// Whether the clause around a recovery word says the recovery is under way or planned, not
/// done: a `progress_before` phrase earlier in the clause, or a `progress_after` one right after.
fn in_progress(before: &str, after: &str, words: &EventWords) -> bool {
    let clause_end = |c: char| ".;:!?,。；：！？，\n".contains(c);
    let rev: Vec<char> = before
        .chars()
        .rev()
        .take_while(|c| !clause_end(*c))
        .take(PROGRESS_BEFORE_CHARS)
        .collect();
    let clause: String = rev.into_iter().rev().collect();
    // (a progress word after a "done" ending is the next verb's)
    let head = after.trim_start();
    let done = words
        .done_after
        .iter()
        .any(|d| !d.is_empty() && head.starts_with(d.as_str()));
    let after = if done { "" } else { after };
    holds_word(&clause, &words.progress_before) || negated_after(after, &words.progress_after)
}

/// Characters after an event word searched for a negation that follows it.
const NEGATION_AFTER_CHARS: usize = 16;

/// Whether a negation follows the word in the same clause ("복구되지 않았다").
fn negated_after(after: &str, negation: &[String]) -> bool {
    if negation.is_empty() {
        return false;
    }
    let head: String = after
        .chars()
        .take_while(|c| !".;:!?,。；：！？，\n".contains(*c))
        .take(NEGATION_AFTER_CHARS)
        .collect();
    if negation.iter().any(|n| head.contains(&n.to_lowercase())) {
        return true;
    }
    // the clause right after a comma may undo it ("Database is restarted, which does not bring
    // responsiveness back", "se reinició el servidor, sin éxito")
    let rest = &after[head.len()..];
    let Some(next) = rest.strip_prefix([',', '，']) else {
        return false;
    };
    let next = next.trim_start();
    negation
        .iter()
        .any(|n| next.starts_with(n.to_lowercase().as_str()))
}

/// The char offset of the first occurrence of `w` in `lower` not preceded by a negation.
fn find_unnegated(lower: &str, w: &str, negation: &[String]) -> Option<usize> {
    lower
        .match_indices(w)
        .find(|(at, _)| !negated(&lower[..*at], negation))
        .map(|(at, _)| lower[..at].chars().count())
}

/// What the window analysis found, each value with the rule that gave it.
#[derive(Debug, Clone, Default)]
pub struct Found {
    pub start: Option<(usize, &'static str)>,
    pub end: Option<(usize, &'static str)>,
    /// The end is start + a stated duration (no clock time for it).
    pub end_from_duration: Option<DateTime<FixedOffset>>,
    /// The start is the end minus a stated duration (no clock time for it).
    pub start_from_duration: Option<DateTime<FixedOffset>>,
    pub detection: Option<(usize, &'static str)>,
    /// Index into the stated durations of a detection told as a length after the start.
    pub detected_secs: Option<usize>,
    pub resolved_secs: Option<(i64, &'static str)>,
    /// Index into the stated durations of the one that is the window's length.
    pub incident_duration: Option<usize>,
    /// The end is a recovery told as a length after a time (point, duration): "revenu vers
    /// 10 h 45 … rétablies une heure plus tard".
    pub end_after_told: Option<(usize, usize)>,
    /// The window joins several impact periods the page states.
    pub union: bool,
}

/// Most chars between a time and a length told as later than it, in one block.
const LATER_THAN_TOLD_CHARS: usize = 160;

/// A recovery told as a length after the time told just before it, in its block ("revenu vers
/// 10 h 45 … rétablies une heure plus tard", "alerted at 10:15; service was back two hours
/// later"): that time (not the start, which the stated-length rule reads already) and the
/// length, when they end the window later than `end_at`.
fn later_than_told_end(
    points: &[Point],
    durations: &[Stated],
    blocks: &[BlockText],
    words: &EventWords,
    start: usize,
    end_at: Option<DateTime<FixedOffset>>,
) -> Option<(usize, usize)> {
    let start_at = points[start].at;
    (0..durations.len()).find_map(|k| {
        let d = &durations[k];
        if !d.place.is_incident()
            || d.lower_bound
            || d.upper_bound
            || d.secs < MIN_STATED_LENGTH_SECS
            || !names_outage(blocks, d, &words.later_than_told)
            || !recovery_near(blocks, d, &words.resolution)
        {
            return None;
        }
        let p = (0..points.len())
            .filter(|i| {
                let q = &points[*i];
                q.block == d.block && q.end <= d.start && d.start - q.end <= LATER_THAN_TOLD_CHARS
            })
            .max_by_key(|i| points[*i].end)?;
        let want = points[p].at + chrono::Duration::seconds(d.secs);
        let fits = p != start
            && points[p].place.is_incident()
            && points[p].at > start_at
            && (want - start_at).num_seconds() <= MAX_WINDOW_SECS
            && end_at.is_none_or(|e| want > e);
        fits.then_some((p, k))
    })
}

/// Most chars between a time and a length told from it ("오후 10시45분부터 약 20분간", "from
/// 10:45 for about 20 minutes").
const FROM_TIME_LENGTH_GAP_CHARS: usize = 12;

/// Whether a length is told from a time written just before it with a `since` word ("오후
/// 10시45분부터 약 20분간 비상모드로 돌렸으며", "from 10:45 for about 20 minutes"): it measures
/// that period, not the whole incident up to its last recovery.
fn from_a_told_time(
    points: &[Point],
    blocks: &[BlockText],
    chars: &mut BlockChars,
    d: &Stated,
    since: &[String],
) -> bool {
    points.iter().any(|p| {
        if p.block != d.block || p.end > d.start || d.start - p.end > FROM_TIME_LENGTH_GAP_CHARS {
            return false;
        }
        let Some((text, from)) = chars.of(blocks, p) else {
            return false;
        };
        let at = |x: usize| x.saturating_sub(from).min(text.len());
        let lower = |a: usize, b: usize| -> String {
            text[at(a)..at(b)].iter().collect::<String>().to_lowercase()
        };
        let between = lower(p.end, d.start);
        let before = lower(p.start.saturating_sub(FROM_TIME_LENGTH_GAP_CHARS), p.start);
        !between.contains(['.', '。', ',', '，', ';', '\n'])
            && (holds_word(&between, since) || holds_word_end(&before, since))
    })
}

/// Whether `text` ends with one of `words` (after trailing spaces): "… from " before a time.
fn holds_word_end(text: &str, words: &[String]) -> bool {
    let t = text.trim_end();
    words.iter().filter(|w| !w.trim().is_empty()).any(|w| {
        let w = w.to_lowercase();
        t.ends_with(&w)
            && t[..t.len() - w.len()]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric())
    })
}

/// Most chars between a time and its twin in another zone, written just after it ("傍晚5點左右
/// (台北時間清晨5點)", "10.30 local (13:30 GMT)").
const TWIN_GAP_CHARS: usize = 16;

/// The pairs of points that are one moment written twice in a row, the second in brackets
/// ("傍晚5點左右(台北時間清晨5點)", "10.30 local (13:30 GMT)"): (first, twin), each point next to
/// the other in the text. Linear in the points after one sort.
fn twin_pairs(points: &[Point], blocks: &[BlockText]) -> Vec<(usize, usize)> {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by_key(|i| (points[*i].start, points[*i].end));
    let mut chars = BlockChars::default();
    let mut pairs = Vec::new();
    for w in order.windows(2) {
        let (i, j) = (w[0], w[1]);
        let (a, b) = (&points[i], &points[j]);
        if a.at != b.at || a.block != b.block || b.start < a.end || b.start - a.end > TWIN_GAP_CHARS
        {
            continue;
        }
        let bracket = chars.of(blocks, a).is_some_and(|(text, from)| {
            let lo = a.end.saturating_sub(from).min(text.len());
            let hi = b.start.saturating_sub(from).min(text.len());
            text[lo..hi].iter().any(|c| matches!(c, '(' | '（'))
        });
        if bracket {
            pairs.push((i, j));
        }
    }
    pairs
}

/// The words about either of a moment written twice mark the first mention, which stands for it
/// ("美東時間…傍晚5點左右(台北時間清晨5點)發生故障").
fn shared_with_twins(pairs: &[(usize, usize)], mut flags: Vec<bool>) -> Vec<bool> {
    for &(i, j) in pairs {
        if flags[i] || flags[j] {
            flags[i] = true;
            flags[j] = false;
        }
    }
    flags
}

/// Which points are onsets and which recoveries, from the costs of their nearest words: a time
/// that words of both kinds reach takes the nearer ("a complete outage until 6:20").
fn onsets_and_recoveries(
    start_cost: &[Option<usize>],
    recovery_cost: &[Option<usize>],
) -> (Vec<bool>, Vec<bool>) {
    start_cost
        .iter()
        .zip(recovery_cost)
        .map(|(s, r)| match (s, r) {
            (Some(s), Some(r)) => (*s <= r * CLEARLY_NEARER + 2, *r <= s * CLEARLY_NEARER + 2),
            _ => (s.is_some(), r.is_some()),
        })
        .unzip()
}

/// How far the afternoon reading of a clock written without its half word may lie from the
/// onset plus a length the page states, for the length to confirm it ("6시간 40여분": 13:57 +
/// 6h40m ≈ 20:40).
const HALF_REREAD_SLACK_SECS: i64 = 30 * 60;

/// Which points the page's words make onsets and which recoveries (the nearer word wins).
fn onset_and_recovery_flags(
    points: &[Point],
    blocks: &[BlockText],
    words: &EventWords,
    durations: &[Stated],
) -> (Vec<bool>, Vec<bool>) {
    onsets_and_recoveries(
        &keyword_points(points, blocks, &words.start, words, durations),
        &keyword_points(points, blocks, &words.resolution, words, durations),
    )
}

/// A recovery told after the onset with an earlier clock and no day of its own ("Ausgelöst
/// wurde die Störung am 30.01. gegen 15:20 Uhr … konnten wir die Störung um 08:44 Uhr
/// beseitigen") ended the next morning: the story goes forward, the clock went past midnight.
/// Returns the points moved, for a warning each.
pub fn roll_recoveries_past_midnight(
    points: &mut [Point],
    blocks: &[BlockText],
    words: &EventWords,
    durations: &[Stated],
) -> Vec<usize> {
    let (onsets, recoveries) = onset_and_recovery_flags(points, blocks, words, durations);
    // each day's first onset, and every incident time in order
    let mut first_onset: std::collections::HashMap<chrono::NaiveDate, usize> = Default::default();
    for j in (0..points.len()).filter(|&j| onsets[j] && !recoveries[j]) {
        if points[j].place.is_incident() {
            let e = first_onset.entry(points[j].at.date_naive()).or_insert(j);
            if points[j].at < points[*e].at {
                *e = j;
            }
        }
    }
    let mut times: Vec<DateTime<FixedOffset>> = points
        .iter()
        .filter(|p| p.place.is_incident())
        .map(|p| p.at)
        .collect();
    times.sort();
    let moved: Vec<usize> = (0..points.len())
        .filter(|&i| {
            let p = &points[i];
            if p.dated || !p.place.is_incident() || !recoveries[i] || onsets[i] {
                return false;
            }
            // the day's first onset came later on the clock, and was told before the recovery …
            let Some(&first) = first_onset.get(&p.at.date_naive()) else {
                return false;
            };
            let f = &points[first];
            // … and no other time of the story lies between the recovery and the onset
            let between = times
                .partition_point(|t| *t < f.at)
                .saturating_sub(times.partition_point(|t| *t <= p.at));
            f.at > p.at
                && f.start < p.start
                && between == 0
                && (p.at + chrono::Duration::days(1) - f.at).num_seconds() <= MAX_WINDOW_SECS
        })
        .collect();
    for &i in &moved {
        points[i].at += chrono::Duration::days(1);
    }
    moved
}

/// A recovery told with a clock written without its half word ("24일 8시 40분 복구", an onset
/// word before it or not: "7시간 먹통…11일 9시 10분 복구") that,
/// read in the morning, comes before every onset the page tells for that day with a marked or
/// 24-hour clock ("오후 1시 57분쯤 … 장애가 났다") is read twelve hours later when a length
/// the page states from the first such onset reaches it ("6시간 40여분 멈춰"): the morning
/// reading would end the outage before it began, and the length says when it did end.
/// Returns the points moved, for a warning each.
pub fn reread_open_halves(
    points: &mut [Point],
    blocks: &[BlockText],
    words: &EventWords,
    durations: &[Stated],
) -> Vec<usize> {
    if !points.iter().any(|p| p.half_open && p.place.is_incident()) {
        return Vec::new();
    }
    let (onsets, recoveries) = onset_and_recovery_flags(points, blocks, words, durations);
    let mut moved = Vec::new();
    for i in 0..points.len() {
        let p = &points[i];
        if !p.half_open || !p.place.is_incident() || !recoveries[i] {
            continue;
        }
        let day = p.at.date_naive();
        let first_onset = (0..points.len())
            .filter(|&j| {
                onsets[j]
                    && !points[j].half_open
                    && points[j].place.is_incident()
                    && points[j].at.date_naive() == day
            })
            .map(|j| points[j].at)
            .min();
        let later = p.at + chrono::Duration::hours(12);
        // a length the page states from that onset must reach the afternoon reading
        let told = |o: DateTime<FixedOffset>| {
            durations.iter().any(|d| {
                d.place.is_incident()
                    && ((o + chrono::Duration::seconds(d.secs)) - later)
                        .num_seconds()
                        .abs()
                        <= HALF_REREAD_SLACK_SECS
            })
        };
        if first_onset.is_some_and(|o| p.at < o && o < later && told(o)) {
            points[i].at = later;
            moved.push(i);
        }
    }
    // the same for an onset ("15일 3시 30분쯤 … 20일 오후 11시 복구 … 약 127시간 30분"): a
    // length the page states reaches a recovery from its afternoon reading, and none from
    // its morning one
    let reaches = |from: DateTime<FixedOffset>, to: DateTime<FixedOffset>| {
        durations.iter().any(|d| {
            d.place.is_incident()
                && ((from + chrono::Duration::seconds(d.secs)) - to)
                    .num_seconds()
                    .abs()
                    <= HALF_REREAD_SLACK_SECS
        })
    };
    for i in 0..points.len() {
        let p = &points[i];
        if !p.half_open || !p.place.is_incident() || !onsets[i] || recoveries[i] {
            continue;
        }
        let later = p.at + chrono::Duration::hours(12);
        let confirmed = (0..points.len()).any(|j| {
            let q = &points[j];
            recoveries[j]
                && !onsets[j]
                && !q.half_open
                && q.place.is_incident()
                && later < q.at
                && reaches(later, q.at)
                && !reaches(p.at, q.at)
        });
        if confirmed {
            points[i].at = later;
            moved.push(i);
        }
    }
    moved
}

/// Per range, whether it is the span an onset fell in ("started between 9 and 10", "empezaron
/// entre las 09:00 y las 10:00", "10시에서 11시 사이에 발생"), told by a word right before its first
/// clock or right after its second: no period of impact, and its second end no recovery.
fn onset_spans(
    points: &[Point],
    ranges: &[Range],
    blocks: &[BlockText],
    words: &EventWords,
) -> Vec<bool> {
    let onset_span = |r: &Range| -> bool {
        let (a, b) = (&points[r.from], &points[r.to]);
        let Some(block) = blocks.get(a.block) else {
            return false;
        };
        let before: Vec<char> = block
            .text
            .chars()
            .take(a.start.saturating_sub(block.start))
            .collect();
        let head: String = before[before.len().saturating_sub(ONSET_SPAN_CHARS)..]
            .iter()
            .collect::<String>()
            .to_lowercase();
        let tail: String = blocks
            .get(b.block)
            .map(|t| {
                t.text
                    .chars()
                    .skip(b.end.saturating_sub(t.start))
                    .take(ONSET_SPAN_CHARS)
                    .collect::<String>()
                    .to_lowercase()
            })
            .unwrap_or_default();
        words
            .onset_span_before
            .iter()
            .any(|w| head.contains(&w.to_lowercase()))
            || words
                .onset_span_after
                .iter()
                .any(|w| tail.trim_start().starts_with(&w.to_lowercase()))
    };
    ranges.iter().map(onset_span).collect()
}

/// Finds the window, detection and resolution from the page's points, ranges and durations.
pub fn analyse(
    points: &[Point],
    ranges: &[Range],
    durations: &[Stated],
    blocks: &[BlockText],
    words: &EventWords,
) -> Found {
    let mut found = Found::default();
    let start_cost = keyword_points(points, blocks, &words.start, words, durations);
    let recovery_cost = keyword_points(points, blocks, &words.resolution, words, durations);
    let detection_cost = keyword_points(points, blocks, &words.detection, words, durations);
    let detections: Vec<bool> = detection_cost.iter().map(Option::is_some).collect();
    let (starts, recoveries) = onsets_and_recoveries(&start_cost, &recovery_cost);
    let starts = without_still_times(points, blocks, words, starts);
    let starts = without_bare_since(points, blocks, words, starts);
    let starts: Vec<bool> = starts
        .iter()
        .zip(until_times(points, blocks, words))
        .map(|(s, u)| *s && !u)
        .collect();
    let peaks = peak_times(points, blocks, words);
    let starts: Vec<bool> = starts.iter().zip(&peaks).map(|(s, p)| *s && !p).collect();
    let twins = twin_pairs(points, blocks);
    let (starts, mut recoveries, detections) = (
        shared_with_twins(&twins, starts),
        shared_with_twins(&twins, recoveries),
        shared_with_twins(&twins, detections),
    );
    // the second end of the span an onset fell in is no recovery ("empezaron entre las 09:00 y
    // las 10:00 de la mañana y han continuado hasta …")
    let spans = onset_spans(points, ranges, blocks, words);
    for (r, _) in ranges.iter().zip(&spans).filter(|(_, s)| **s) {
        recoveries[r.to] = false;
    }
    for (i, p) in points.iter().enumerate() {
        tracing::debug!(
            at = %p.at, place = ?p.place, onset = starts[i], recovery = recoveries[i],
            detection = detections[i], quote = %p.quote, "window point"
        );
    }

    // 0. Rows labelled with the window's start and end ("Beginn · 26.10.2025, 02:31 MEZ").
    let labelled = |labels: &[String]| {
        (0..points.len()).find(|i| {
            let p = &points[*i];
            p.place.is_incident()
                && (blocks
                    .get(p.block)
                    .is_some_and(|b| starts_with_label(&b.text, labels))
                    || p.block
                        .checked_sub(1)
                        .and_then(|k| blocks.get(k))
                        .is_some_and(|b| {
                            is_label_line(&b.text, labels)
                            // the label's value is this block's first time
                            && !points[..*i].iter().any(|q| q.block == p.block)
                        }))
        })
    };
    let labelled_end = labelled(&words.end_labels);
    match (labelled(&words.start_labels), labelled_end) {
        (Some(s), Some(e)) if points[e].at > points[s].at => {
            found.start = Some((s, "row labelled as the start"));
            found.end = Some((e, "row labelled as the end"));
        }
        (Some(s), None) => {
            found.start = Some((s, "row labelled as the start"));
            // a labelled range ("【発生日時】 2020/8/26 14:54〜15:14頃") gives the end too
            if let Some(r) = ranges.iter().find(|r| r.from == s) {
                found.end = Some((r.to, "range in the row labelled as the start"));
            }
        }
        _ => {}
    }

    // 1. A range stated in lead prose ("from 14:05 to 15:40", "22시 30분부터 … 8시 47분까지").
    // A range told after the page's own recovery or onset at a later time, outside every range
    // the page states, is an earlier outage's ("… hasta las 18:20 horas … El primero afectó a
    // GTalk … desde este mediodía hasta las cinco de la tarde"); inside one, rows of one outage's
    // ranges per server are one story.
    let range_fits = |r: &&Range| {
        let (a, b) = (&points[r.from], &points[r.to]);
        let len = (b.at - a.at).num_seconds();
        a.place.is_incident()
            && !peaks[r.from]
            && (MIN_WINDOW_SECS..=MAX_WINDOW_SECS).contains(&len)
    };
    let fitting: Vec<&Range> = ranges
        .iter()
        .zip(&spans)
        .filter(|(r, span)| range_fits(r) && !**span)
        .map(|(r, _)| r)
        .collect();
    let inside_any = |at: DateTime<FixedOffset>| {
        fitting
            .iter()
            .any(|r| points[r.from].at <= at && at <= points[r.to].at)
    };
    // (an onset or recovery told first and before the range is an earlier episode of this
    // outage: "beginning at 3am …, and around 7:30am until 8:10am" is one outage in two periods)
    // (but a range that opens at the very onset the page told before it is that outage retold,
    // its end the recovery: "10시 54분경 … 장애를 확인 … 12시 30분경 정상화 사실을 공지" then "오전
    // 10시 54분부터 12시 20분까지 … 원활하지 않았다")
    let told_outside = |r: &Range| {
        let (a, b) = (&points[r.from], &points[r.to]);
        let retold = points
            .iter()
            .enumerate()
            .any(|(i, p)| p.start < a.start && starts[i] && p.at == a.at);
        !retold
            && points.iter().enumerate().any(|(i, p)| {
                p.place == Place::Lead
                    && p.start < a.start
                    && (recoveries[i] || starts[i])
                    && p.at > b.at
                    && !inside_any(p.at)
            })
    };
    let (mut candidates, others): (Vec<&Range>, Vec<&Range>) =
        fitting.iter().copied().partition(|r| !told_outside(r));
    // … and its ends report that other outage's onset and recovery, not this one's
    let other_end = |i: usize| others.iter().any(|r| r.from == i || r.to == i);
    let starts: Vec<bool> = starts
        .iter()
        .enumerate()
        .map(|(i, s)| *s && !other_end(i))
        .collect();
    let recoveries: Vec<bool> = recoveries
        .iter()
        .enumerate()
        .map(|(i, s)| *s && !other_end(i))
        .collect();
    // (a period of planned work told without an onset word after an incident time told earlier, "6월
    // 17일(금) 오후 5시 50분경 … 현상이 나타났으며 … ■ 임시점검 시간 : 6월 18일(토) 10:30 ~
    // 10:46", is the work's, not the impact; told alone, "緊急メンテナンスの影響で、7月6日20:00~
    // 7月9日22:20頃まで", it is the impact's)
    let maintenance = in_maintenance(points, blocks, words);
    let told_before = |r: &Range| {
        (0..points.len()).any(|i| {
            points[i].place.is_incident()
                && points[i].start < points[r.from].start
                && points[i].at < points[r.from].at
        })
    };
    candidates
        .retain(|r| !maintenance[r.from] || starts[r.from] || starts[r.to] || !told_before(r));
    candidates.sort_by_key(|r| (points[r.from].place != Place::Lead, points[r.from].start));
    if let Some(r) = candidates
        .first()
        .filter(|r| found.start.is_none() && points[r.from].place == Place::Lead)
    {
        found.start = Some((r.from, "range stated in the summary"));
        found.end = Some((r.to, "range stated in the summary"));
        // 1c. Several impact periods in the summary ("beginning at 3am …, and around 7:30am
        // until 8:10am. The issue was resolved at 11:34am"): the window is their union.
        // (a period of planned work told without an onset, "the maintenance from 0:00 to 5:37,
        // which the company denies overran", is the work's, not another impact period)
        let lead = |i: &usize| points[*i].place == Place::Lead && !maintenance[*i];
        let (s0, e0) = (points[r.from].at, points[r.to].at);
        let first = candidates
            .iter()
            .filter(|c| lead(&c.from))
            .map(|c| c.from)
            .chain((0..points.len()).filter(|i| lead(i) && starts[*i]))
            .filter(|i| {
                points[*i].at < s0 && (s0 - points[*i].at).num_seconds() <= EPISODE_GAP_SECS
            })
            .min_by_key(|i| points[*i].at);
        let last = candidates
            .iter()
            .filter(|c| lead(&c.from))
            .map(|c| c.to)
            .chain((0..points.len()).filter(|i| lead(i) && recoveries[*i]))
            .filter(|i| points[*i].at > e0 && (points[*i].at - s0).num_seconds() <= MAX_WINDOW_SECS)
            .max_by_key(|i| points[*i].at);
        // a recovery after a single stated range is its aftermath ("the backlog finished
        // uploading around 6:30 PM"): the end moves only when the summary states more periods
        let several = first.is_some()
            || candidates
                .iter()
                .any(|c| lead(&c.from) && (points[c.from].at, points[c.to].at) != (s0, e0));
        if let Some(i) = first {
            found.start = Some((i, "earliest start of several periods stated in the summary"));
            found.union = true;
        }
        // (or when a length the page states for the incident, far longer than the range,
        // reaches that recovery from the range's start: "中断(9:28-9:40一次,9:47一次) … 自
        // 13:30起恢復正常交易 … 癱瘓近四個小時" is one outage of about four hours)
        let length_reaches = |i: usize| {
            let range_len = (e0 - s0).num_seconds();
            let to_end = (points[i].at - s0).num_seconds();
            durations.iter().any(|d| {
                d.place.is_incident()
                    && !d.lower_bound
                    && d.secs >= LENGTH_OUTGROWS_RANGE * range_len
                    && (d.secs - to_end).abs() <= (d.secs / LENGTH_REACH_SLACK_PARTS).max(SNAP_SECS)
            })
        };
        if let Some(i) = last {
            if several {
                found.end = Some((i, "latest end of several periods stated in the summary"));
                found.union = true;
            } else if length_reaches(i) {
                found.end = Some((
                    i,
                    "a recovery the stated length reaches from the summary's range",
                ));
                found.union = true;
            }
        }
    }

    // 1d. A range told with an onset word beside it in prose after the summary ("이 문제는 9월 16일
    // 새벽 01 시 - 02 시 사이에 일어났고", "the errors occurred between 01:00 and 02:00"):
    // the period the impact took, when no summary range gave one.
    if found.start.is_none() {
        if let Some(r) = candidates
            .iter()
            .find(|r| points[r.from].place == Place::Other && (starts[r.from] || starts[r.to]))
        {
            found.start = Some((r.from, "range told with an onset word"));
            found.end = Some((r.to, "range told with an onset word"));
        }
    }

    // The timeline: events in time order (all non-future points when there is no timeline).
    let in_time_order = |place_ok: &dyn Fn(&Point) -> bool| {
        let mut idx: Vec<usize> = (0..points.len())
            .filter(|i| place_ok(&points[*i]))
            .collect();
        idx.sort_by_key(|i| (points[*i].at, points[*i].start));
        idx
    };
    let timeline = in_time_order(&|p| p.place == Place::Timeline);
    // A timeline without a single onset row ("03:10 服务恢复" under 处理过程, the onset told
    // in the summary above it) cannot give the start: then every incident time is the pool.
    let pool = if timeline.is_empty() || !timeline.iter().any(|i| starts[*i]) {
        in_time_order(&|p| p.place.is_incident())
    } else {
        // an onset the summary dates before the timeline's first ("2024年4月8日15:23,…出现
        // 一次持续87分钟的…服务中断" above rows from 15:47) is where the timeline picks up
        let first = timeline.iter().find(|i| starts[**i]).map(|i| points[*i].at);
        let earlier = first.and_then(|f| {
            (0..points.len())
                .filter(|i| points[*i].place == Place::Lead && starts[*i] && !other_end(*i))
                .filter(|i| {
                    let ahead = (f - points[*i].at).num_seconds();
                    ahead > 0 && ahead <= SUMMARY_ONSET_AHEAD_SECS
                })
                .min_by_key(|i| points[*i].at)
        });
        let mut t = timeline;
        if let Some(i) = earlier {
            t.insert(0, i);
        }
        t
    };
    // (the times of another outage's range are none of this one's)
    let pool: Vec<usize> = pool.into_iter().filter(|i| !other_end(*i)).collect();
    // A story told whole first (its onset, then its recovery) and then another outage on an
    // earlier day, in prose ("기업은행 … 오전 8시 이후 시작 … 9시 15분 … 복구. 한편 … 18일
    // 오후 4시 33분께 접속 장애 … 19일 오전 0시 1분께부터 복구"): the later-told outage is
    // another story, not this one's start.
    let pool: Vec<usize> = {
        let prose = |i: usize| matches!(points[i].place, Place::Lead | Place::Other);
        let first = (0..points.len()).find(|i| prose(*i) && starts[*i]);
        let closed = first.and_then(|f| {
            (f + 1..points.len())
                .find(|r| prose(*r) && recoveries[*r] && points[*r].at > points[f].at)
                .map(|r| (f, r))
        });
        match closed {
            Some((f, r)) => pool
                .into_iter()
                .filter(|i| {
                    !(*i > r
                        && prose(*i)
                        && points[*i].block != points[f].block
                        && points[*i].at.date_naive() < points[f].at.date_naive())
                })
                .collect(),
            None => pool,
        }
    };
    let plain_lasted: Vec<String> = words
        .lasted
        .iter()
        .filter(|w| !words.lasted_then.contains(w))
        .cloned()
        .collect();
    let lasted: Vec<usize> = (0..durations.len())
        .filter(|k| {
            let d = &durations[*k];
            d.place.is_incident()
                && !d.lower_bound
                && !d.upper_bound
                && d.secs >= MIN_STATED_LENGTH_SECS
                // (no outage this tool drafts lasts years: "7년째 사는 동안" is a habit's age)
                && d.secs <= MAX_WINDOW_SECS
                && !watch_length(blocks, d, &words.lasted_not)
                && (introduced_by(blocks, d, &plain_lasted)
                    || names_outage(blocks, d, &words.lasted_noun)
                    || (introduced_by(blocks, d, &words.lasted_then)
                        && recovery_near(blocks, d, &words.resolution)))
        })
        .collect();
    // The episode a start belongs to ends at the first long silence in the timeline: a page
    // that reports two incidents days apart gives the first one's window, not their span.
    // A page that states a longer length ("60時間以上続いていた") allows a longer silence.
    let episode_gap = durations
        .iter()
        .filter(|d| d.place.is_incident())
        .map(|d| d.secs + d.secs / EPISODE_LENGTH_SLACK_PARTS)
        .max()
        .map_or(EPISODE_GAP_SECS, |l| {
            l.clamp(EPISODE_GAP_SECS, MAX_WINDOW_SECS)
        });
    let episode_end = |from: DateTime<FixedOffset>| {
        let mut last = from;
        for i in pool.iter().filter(|i| points[**i].at >= from) {
            if (points[*i].at - last).num_seconds() > episode_gap {
                break;
            }
            last = points[*i].at;
        }
        last
    };
    // a state reported as of a time ("2월 20일 12시 현재 … 정상 상태", "as of 18:00 all
    // services are normal") dates the report, not the recovery: it ends the window only when the
    // page tells no recovery of its own
    let as_of = as_of_times(points, blocks, words);
    let watch_close = watch_closings(points, blocks, durations, words);
    let stamp = status_stamps(points, blocks, words);
    let announced = announced_recoveries(points, blocks, words);
    let last_recovery = |after: Option<DateTime<FixedOffset>>| {
        let until = after.map(episode_end);
        let find = |skip_as_of: bool| {
            pool.iter()
                .rev()
                .find(|i| {
                    recoveries[**i]
                        && !(skip_as_of
                            && (as_of[**i] || watch_close[**i] || stamp[**i] || announced[**i]))
                        && after.is_none_or(|a| points[**i].at > a)
                        && until.is_none_or(|u| points[**i].at <= u)
                })
                .copied()
        };
        find(true).or_else(|| find(false))
    };

    // 1b. Two times in the summary whose difference is a stated length ("um 10:17 Uhr … um
    // 13:40 Uhr; insgesamt dauerte die Störung 3 Stunden und 23 Minuten").
    if found.start.is_none() {
        let lead: Vec<usize> = (0..points.len())
            .filter(|i| points[*i].place == Place::Lead)
            .collect();
        // of the pairs, the one nearest its length ("pouco mais de uma hora … uma hora e 13
        // minutos … entre 20h32 e 21h45" is 20h32–21h45, not 20h32 and a 21h31 a minute short
        // of the hour); a lower bound is never met by a shorter pair
        let mut best: Option<(i64, usize, usize)> = None;
        for &k in &lasted {
            for &a in &lead {
                // a pair after an onset the page told first is another episode's ("2:05am
                // today … On Tuesday … for about three hours … around 1pm … by 4pm")
                if lead
                    .iter()
                    .any(|&i| i < a && starts[i] && points[i].at != points[a].at)
                {
                    break;
                }
                for &b in &lead {
                    let len = (points[b].at - points[a].at).num_seconds();
                    let off = (len - durations[k].secs).abs();
                    let short = durations[k].lower_bound && len < durations[k].secs;
                    if len > 0
                        && off <= SAME_LENGTH_SECS
                        && !short
                        && best.is_none_or(|x| off < x.0)
                    {
                        best = Some((off, a, b));
                    }
                }
            }
        }
        if let Some((_, a, b)) = best {
            found.start = Some((a, "summary time; a stated length leads to the end"));
            found.end = Some((b, "summary time at the start plus the stated length"));
        }
    }

    // 2. The last recovery event minus a stated length ("lasted 66 minutes"), when a timeline
    // event stands at that start.
    if found.start.is_none() {
        if let Some(e) = last_recovery(None) {
            let mut chars = BlockChars::default();
            for &k in lasted.iter().filter(|k| {
                !from_a_told_time(points, blocks, &mut chars, &durations[**k], &words.since)
            }) {
                let want = points[e].at - chrono::Duration::seconds(durations[k].secs);
                let off = |i: usize| (points[i].at - want).num_seconds().abs();
                // a round length ("1小時後") is told to its own precision: the time first told
                // with an onset word (in the page's order), within it, is the start, before a
                // nearer time told without one ("12時27分 … 突然出現故障 … 1小時後,13時29分 …
                // 恢復" starts at 12:27, not at a "12時30分左右" told later)
                let slack = SNAP_SECS.max(durations[k].secs / ROUND_LENGTH_SLACK_DIV);
                let onset = pool
                    .iter()
                    .filter(|i| starts[**i])
                    .min()
                    .filter(|i| off(**i) <= slack);
                if let Some(&s) = onset.or_else(|| pool.iter().find(|i| off(**i) <= SNAP_SECS)) {
                    found.start = Some((s, "last recovery event minus the stated duration"));
                    found.end = Some((e, "last event reporting recovery"));
                    break;
                }
            }
        }
    }

    // 3. The first event that reports impact starting and the last that reports recovery.
    if found.start.is_none() {
        if let Some(&i) = pool.iter().find(|i| starts[**i]) {
            match last_recovery(Some(points[i].at)) {
                Some(e) => {
                    found.start = Some((i, "first event reporting impact"));
                    found.end = Some((e, "last event reporting recovery"));
                }
                None => {
                    // every recovery the page reports came before its first onset word
                    // ("当天23时45分 … 恢复正常", then "凌晨2点20分 … 称原因是…发生故障"): that
                    // word tells the cause in a later statement, and the end stands alone
                    match last_recovery(None).filter(|e| points[*e].at < points[i].at) {
                        Some(e) => {
                            found.end =
                                Some((e, "last event reporting recovery (no onset before it)"));
                        }
                        None => found.start = Some((i, "first event reporting impact")),
                    }
                }
            }
        }
    }

    // 4. A range stated elsewhere (a timeline row "15:20 – 15:35" is a step, so this is last).
    if found.start.is_none() {
        if let Some(r) = candidates.first() {
            found.start = Some((r.from, "stated range"));
            found.end = Some((r.to, "stated range"));
        }
    }

    // 3b. A start without an end: the last recovery event after it.
    if let (Some((s, _)), None) = (found.start, found.end) {
        if let Some(e) = last_recovery(Some(points[s].at)) {
            found.end = Some((e, "last event reporting recovery"));
        }
    }

    // 5. Last resort, when no words say which time is which: the earliest and the latest time
    // the page states outside its action items (a news report's "from 15:20 … until 16:15"),
    // when they lie within a plausible incident length.
    // (a first time that words mark as the page's only recovery, "seit etwa sieben Uhr wieder
    // behoben", is no start: the end stands alone below)
    let first_is_the_recovery = pool
        .first()
        .is_some_and(|&f| recoveries[f] && !pool[1..].iter().any(|&i| recoveries[i]));
    // (nor is a recovery before the first time that is none: a status history's oldest posts,
    // "health has stabilized", close an episode whose start the page no longer shows)
    let first_not_recovery = pool.iter().position(|&i| !recoveries[i]).unwrap_or(0);
    if found.start.is_none()
        && found.end.is_none()
        && pool.len() >= first_not_recovery + 2
        && !first_is_the_recovery
    {
        let (s, e) = (pool[first_not_recovery], pool[pool.len() - 1]);
        let len = (points[e].at - points[s].at).num_seconds();
        if (MIN_WINDOW_SECS..=MAX_WINDOW_SECS).contains(&len) {
            found.start = Some((s, "earliest time stated (no words mark the start)"));
            // words may still mark the end when none mark the start ("10:00 … 进行了修复",
            // then "14:00 发布公告"): the last recovery after the start, else the latest time
            found.end = Some(
                last_recovery(Some(points[s].at))
                    .filter(|r| points[*r].at > points[s].at)
                    .map_or((e, "latest time stated (no words mark the end)"), |r| {
                        (r, "last event reporting recovery")
                    }),
            );
        }
    }

    // 5b. A start without an end and without a stated length: the latest time the page states
    // in the same episode after it ("began at 4:29PM … 7:27PM"), flagged as unmarked. A time
    // whose words still report impact ("오후 11시 현재 장애는 … 계속", "截至22时 … 仍无法使用") or
    // work under way says the incident had not ended then: no end.
    if let (Some((s, _)), None) = (found.start, found.end) {
        let (from, until) = (points[s].at, episode_end(points[s].at));
        let still_under_way = |i: usize| {
            blocks.get(points[i].block).is_some_and(|b| {
                let lower = b.text.to_lowercase();
                holds_word(&lower, &words.progress_before)
                    || holds_word(&lower, &words.progress_after)
            })
        };
        if lasted.is_empty() {
            if let Some(&e) = pool
                .iter()
                .rev()
                .find(|i| points[**i].at > from && points[**i].at <= until)
                // (a time someone noticed the fault, "At 12:14 the bank posted that it had
                // detected the problem", ends nothing)
                .filter(|i| start_cost[**i].is_none() && !still_under_way(**i) && !detections[**i])
            {
                let len = (points[e].at - from).num_seconds();
                if (MIN_WINDOW_SECS..=MAX_WINDOW_SECS).contains(&len) {
                    found.end = Some((e, "latest time stated (no words mark the end)"));
                }
            }
        }
    }

    // 5c. No start at all, but the page reports a recovery ("sobre las 2 de la madrugada pudo
    // restablecer las conexiones"): an end without a start is kept.
    if found.start.is_none() && found.end.is_none() {
        if let Some(e) = labelled_end.or_else(|| last_recovery(None)) {
            found.end = Some((e, "last event reporting recovery (no start found)"));
        }
    }

    // An operators' alert: a detection word that reports no recovery; not a count "as of" a time
    // ("截至晚間6時，已有超過90萬人"), nor a message quoted with its own time ("\"오전 6시 32분
    // 서울지역에 경계 경보 발령 …\"는 긴급 재난문자" is someone else's alert).
    let operators_alert =
        |i: usize| detections[i] && !recoveries[i] && !as_of[i] && !quoted(blocks, &points[i]);

    // 3c. Impact cannot begin after it was detected: a start that words found later than an
    // alert of the same episode ("14:07 收到监控系统报警 … 15:00 确认…无法直接操作上线") moves
    // back to that alert, detected at the very start (0m). Only for starts found by words or
    // place, never for a row labelled as the start or a range the summary states.
    if let Some((s, rule)) = found.start {
        let weak = matches!(
            rule,
            "first event reporting impact" | "earliest time stated (no words mark the start)"
        );
        let start_at = points[s].at;
        let first_alert = pool
            .iter()
            .copied()
            .filter(|i| operators_alert(*i) && points[*i].at < start_at)
            .find(|i| (start_at - points[*i].at).num_seconds() <= EPISODE_GAP_SECS);
        if let Some(d) = first_alert.filter(|_| weak) {
            found.start = Some((d, "first alert, before any event reporting impact"));
        }
    }

    // 3e. No time marks the onset at all, but the operators' first alert has one ("Am Samstag
    // … bemerkten wir gegen 13 Uhr über unser Server-Monitoring, dass ungewöhnlich hohe
    // Datenmengen eingingen"): the alert is the first sign of the impact the page dates. Not a
    // member of the public noticing ([`EventWords::public`]), and never after the end found.
    if found.start.is_none() {
        let public = public_sentences(points, blocks, words);
        let end_at = found.end.map(|(e, _)| points[e].at);
        let alert = pool
            .iter()
            .copied()
            .filter(|i| operators_alert(*i) && end_at.is_none_or(|e| points[*i].at < e))
            .min_by_key(|i| (points[*i].at, points[*i].start));
        if let Some(d) = alert.filter(|d| !public[*d]) {
            found.start = Some((d, "first alert (no time marks the onset)"));
        }
    }

    // 3f. A start found only by an onset word, far shorter before the end than the length the
    // page states for the whole incident ("2시간30여분 만에 복구를 마쳐 정오께부터 … 정상", with
    // "오전 11시 30분께부터 … 장애가 난 전송장비를 고치는 작업" the only timed onset word): the
    // page did not time the onset, and the start is that length before the end. Not for a
    // length counted from a time the page tells ("신고 2시간 만에 복구").
    if let (Some((s, "first event reporting impact")), Some((e, _))) = (found.start, found.end) {
        let window_secs = (points[e].at - points[s].at).num_seconds();
        let mut chars = BlockChars::default();
        // (a recovery told with its length, "만에 복구", "restored after"; not a length that
        // may be another outage's, "the longest lasted 14 hours")
        // (or the lead's own "for an hour" / "Pendant une heure, six appels sur dix
        // n'aboutissaient pas", told twice: the page's length of the whole incident)
        let in_lead_twice = |d: &Stated| {
            d.place == Place::Lead
                && introduced_by(blocks, d, &plain_lasted)
                && lasted
                    .iter()
                    .filter(|j| durations[**j].secs == d.secs)
                    .count()
                    >= 2
        };
        let told = lasted.iter().copied().find(|k| {
            let d = &durations[*k];
            ((introduced_by(blocks, d, &words.lasted_then)
                && recovery_near(blocks, d, &words.resolution))
                || in_lead_twice(d))
                && !from_a_told_time(points, blocks, &mut chars, d, &words.since)
        });
        if let Some(k) = told.filter(|k| {
            let len = durations[*k].secs;
            len <= MAX_WINDOW_SECS && window_secs.max(0) * STATED_LENGTH_OUTWEIGHS < len
        }) {
            found.start = None;
            found.incident_duration = Some(k);
            found.resolved_secs = Some((durations[k].secs, "stated duration"));
            found.start_from_duration =
                Some(points[e].at - chrono::Duration::seconds(durations[k].secs));
        }
    }

    // An end row the page labels outright outranks any end the words suggest.
    if let (Some((s, _)), Some(e)) = (found.start, labelled_end) {
        let len = (points[e].at - points[s].at).num_seconds();
        if (MIN_WINDOW_SECS..=MAX_WINDOW_SECS).contains(&len) {
            found.end = Some((e, "row labelled as the end"));
        }
    }

    // A stated length of the incident: the duration equal to the window, or, without an end,
    // a duration introduced by "lasted"/"for"/"동안".
    if let (Some((s, _)), Some((e, _))) = (found.start, found.end) {
        let len = (points[e].at - points[s].at).num_seconds();
        found.resolved_secs = Some((len, "window end minus start"));
        if let Some(k) = durations.iter().position(|d| {
            d.place.is_incident()
                && !d.lower_bound
                && !d.upper_bound
                && (d.secs - len).abs() <= SAME_LENGTH_SECS
        }) {
            found.incident_duration = Some(k);
            // a length beside two exact ends (10:37 to 11:06, "약 30분간") names the window but
            // does not outrank its ends' own length; it does when an end is only approximate
            // ("오후 3시께 … 2시간 13분 만에")
            let exact_ends = !points[s].approximate && !points[e].approximate;
            if !exact_ends && !durations[k].approximate {
                found.resolved_secs = Some((
                    durations[k].secs,
                    "stated duration (agrees with the window)",
                ));
            }
        }
    } else if let (None, Some((e, _)), Some(&k), None) = (
        found.start,
        found.end,
        lasted.first(),
        found.start_from_duration,
    ) {
        // an end and a stated length but no start ("fora do ar por 31 minutos … voltou a
        // funcionar às 15h12"): the start is that long before the end
        found.incident_duration = Some(k);
        found.resolved_secs = Some((durations[k].secs, "stated duration"));
        found.start_from_duration =
            Some(points[e].at - chrono::Duration::seconds(durations[k].secs));
    } else if let (None, None, Some(&k)) = (found.start, found.end, lasted.first()) {
        // a length and no times at all ("Service was not fully restored for nearly five
        // hours"): the page still says how long the impact lasted
        found.incident_duration = Some(k);
        found.resolved_secs = Some((durations[k].secs, "stated duration (no times given)"));
    } else if let (Some((s, _)), Some(&k)) = (found.start, lasted.first()) {
        found.incident_duration = Some(k);
        found.resolved_secs = Some((durations[k].secs, "stated duration"));
        let want = points[s].at + chrono::Duration::seconds(durations[k].secs);
        // a recovery the page reports at about that instant is the end ("127시간 33분 소요" and
        // "20일 23시경 정상화"), however long the silence before it
        let slack = SNAP_SECS.max(durations[k].secs / LENGTH_SLACK_PARTS);
        let near = (0..points.len())
            .filter(|i| points[*i].place.is_incident() && recoveries[*i])
            .min_by_key(|i| (points[*i].at - want).num_seconds().abs())
            .filter(|i| (points[*i].at - want).num_seconds().abs() <= slack);
        match near {
            Some(e) => {
                found.end = Some((e, "recovery reported at the start plus the stated length"))
            }
            None => found.end_from_duration = Some(want),
        }
    }

    // 3d. A recovery told as a length after a time that is not the start ("Le courant est
    // revenu vers 10 h 45 et les liaisons ont pu être rétablies une heure plus tard") ends that
    // long after that time, when this is later than the end found so far.
    if let Some((s, _)) = found.start {
        let end_at = found.end.map(|(e, _)| points[e].at);
        if let Some((p, k)) = later_than_told_end(points, durations, blocks, words, s, end_at) {
            let want = points[p].at + chrono::Duration::seconds(durations[k].secs);
            found.end = None;
            found.end_from_duration = Some(want);
            found.incident_duration = None;
            found.resolved_secs = Some((
                (want - points[s].at).num_seconds(),
                "recovery told as a length after the time before it",
            ));
            found.end_after_told = Some((p, k));
        }
    }

    // 4. Detection: the first alert, page or escalation at or after the start; timeline rows
    // first, since lead prose often names the start and the alert in one sentence.
    if let Some((s, _)) = found.start {
        let start_at = points[s].at;
        let end_at = found
            .end
            .map(|(e, _)| points[e].at)
            .or(found.end_from_duration);
        let window_ends = [Some(s), found.end.map(|(e, _)| e)];
        // a row that opens with its time reports at that time: a time inside its text is what
        // it reports about ("10:20 | the logs show that at 9:23 a setting had changed")
        let row_head: std::collections::HashMap<usize, usize> = {
            let mut m = std::collections::HashMap::new();
            for p in points.iter().filter(|p| {
                blocks.get(p.block).is_some_and(|b| {
                    b.text
                        .trim_start()
                        .starts_with(|c: char| c.is_ascii_digit())
                })
            }) {
                let e = m.entry(p.block).or_insert(p.start);
                *e = (*e).min(p.start);
            }
            m
        };
        // (in the head's own sentence: "10일 오후 2시 10분쯤 장애가 발생했다. 오후 2시 25분부터
        // 이용자들이 호소했다" is prose whose second sentence tells its own time)
        // each row's head and where its sentence ends (page offsets), found once per block
        let head_sentence: std::collections::HashMap<usize, (usize, usize)> = row_head
            .iter()
            .filter_map(|(&block, &head)| {
                let b = blocks.get(block)?;
                let from = head.saturating_sub(b.start);
                let end = b
                    .text
                    .chars()
                    .skip(from)
                    .position(|c| ".!?。！？\n".contains(c))
                    .map_or(usize::MAX, |k| head + k);
                Some((block, (head, end)))
            })
            .collect();
        let inside_row = |i: usize| {
            head_sentence
                .get(&points[i].block)
                .is_some_and(|&(head, end)| points[i].start > head && points[i].start < end)
        };
        let public_told = public_sentences(points, blocks, words);
        let first_marked = |marked: &[Option<usize>]| {
            let mut order: Vec<usize> = (0..points.len())
                .filter(|i| points[*i].place.is_incident() && marked[*i].is_some())
                .filter(|i| !inside_row(*i))
                .filter(|i| {
                    // the start itself counts when it is a row of its own ("13h30 : nous
                    // constatons …"): detection at the very start, 0m
                    !window_ends.contains(&Some(*i))
                        || points[*i].place == Place::Timeline
                        // an alert that tells the onset ("At 14:05 our monitoring alerted us
                        // to errors"): its word at least as near the time as the onset's
                        || (*i == s
                            && marked[*i]
                                .zip(start_cost[*i])
                                .is_some_and(|(d, o)| d <= o + DETECTION_BESIDE_ONSET_COST))
                        // the start no onset word marks, itself an alert ("At 11:46 ET our
                        // internal monitoring alerted us to a problem"): the first sign is the
                        // alert; not when its sentence names the public ("用戶…前日下午五時許
                        // 發現家中網絡…" is a user noticing at home)
                        || (*i == s && start_cost[*i].is_none() && !public_told[*i])
                        || blocks.get(points[*i].block).is_some_and(|b| {
                            b.text
                                .trim_start()
                                .starts_with(|c: char| c.is_ascii_digit())
                        })
                })
                .filter(|i| {
                    let p = &points[*i];
                    p.at >= start_at && end_at.is_none_or(|e| p.at <= e)
                })
                // (a time that reports the recovery dates no alert: "긴급 점검에 들어가 오후 4시
                // 쯤 복구를 마쳤고" names the check before the time of the repair)
                .filter(|i| !recoveries[*i] || marked[*i] < recovery_cost[*i])
                .collect();
            order.sort_by_key(|i| {
                (
                    points[*i].place != Place::Timeline,
                    points[*i].at,
                    points[*i].start,
                )
            });
            order.first().copied()
        };
        found.detection =
            first_marked(&detection_cost).map(|i| (i, "first alert or escalation after the start"));
        // 4a. An alert told as immediate, with no time of its own, before any timed alert: the
        // detection at the very start (0m)
        if let Some(at) = immediate_alert(points, blocks, words) {
            if found.detection.is_none_or(|(i, _)| points[i].start > at) {
                found.detection = Some((s, "an alert told as immediate (no time of its own)"));
            }
        }
        // 4b. No alert at a time of its own: one told as a length after the start ("Alrededor
        // de 30 minutos después …, actualizó su página de status", "nach 10 Minuten schlug das
        // Monitoring Alarm"), then the first public notice ("we are investigating", "확인 중").
        if found.detection.is_none() {
            let window_secs = end_at.map(|e| (e - start_at).num_seconds());
            let signal: Vec<String> = words
                .detection
                .iter()
                .chain(&words.notice)
                .cloned()
                .collect();
            found.detected_secs = (0..durations.len()).find(|k| {
                let d = &durations[*k];
                d.place.is_incident()
                    && !d.lower_bound
                    && !d.upper_bound
                    && d.secs > 0
                    && window_secs.is_none_or(|w| d.secs <= w)
                    && introduced_by(blocks, d, &words.lasted_then)
                    && recovery_near(blocks, d, &signal)
                    && !recovery_near(blocks, d, &words.resolution)
                    // (a length to the peak of reports, "alcanzaron su punto máximo 30 minutos
                    // después, cuando Downdetector llegó a recoger 48.000 avisos", is no alert)
                    && !recovery_near(blocks, d, &words.peak)
            });
            if found.detected_secs.is_none() {
                // (a notice that reports the recovery is no first notice)
                let mut notice_cost =
                    keyword_points(points, blocks, &words.notice, words, durations);
                for (cost, recovered) in notice_cost.iter_mut().zip(&recoveries) {
                    if *recovered {
                        *cost = None;
                    }
                }
                found.detection = first_marked(&notice_cost)
                    .map(|i| (i, "first public notice after the start (no alert told)"));
            }
        }
    }
    found
}
