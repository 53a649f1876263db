//! SPEC.md as a web page: rendered by [`pulldown_cmark`], every rule given an anchor so that
//! `/spec#KUMA-7.4` lands on it, and every mention of a rule ID linked to the rule.
//!
//! A rule is a list item that opens with its ID in bold (`- **KUMA-7.4 — The Blind Bear
//! wins.**`) or a heading that opens with one (`### KUMA-7 Legality …`); the anchor is the ID
//! itself. The text of SPEC.md is compiled into the binary, so the page needs no file.

use super::page::escape;
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// The specification's text, as compiled in.
pub const SPEC_MD: &str = include_str!("../../SPEC.md");

/// The rendered page (made once, on first use).
pub fn spec_page() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| {
        let body = render(SPEC_MD);
        super::page::wrap("fairyspec — the rules", "spec", &body)
    })
}

/// Every rule ID SPEC.md defines (a list item or heading that opens with it), in order of
/// appearance.
pub fn defined_rules(markdown: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut at_start = false;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::Item) | Event::Start(Tag::Heading { .. }) => at_start = true,
            Event::Start(Tag::Strong) | Event::Start(Tag::Paragraph) => {}
            Event::Text(text) if at_start => {
                if let Some(id) = rule_at_start(&text) {
                    found.push(id.to_string());
                }
                at_start = false;
            }
            _ => at_start = false,
        }
    }
    found
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH
}

/// Renders `markdown` to HTML: rule anchors on headings and bold rule openings, rule mentions
/// linked.
pub fn render(markdown: &str) -> String {
    let defined: BTreeSet<String> = defined_rules(markdown).into_iter().collect();
    let events: Vec<Event> = Parser::new_ext(markdown, options()).collect();
    let mut out: Vec<Event> = Vec::with_capacity(events.len());
    let mut in_code_block = false;
    let mut in_heading: Option<usize> = None;
    let mut in_link = false;
    let mut i = 0;
    while i < events.len() {
        let event = events[i].clone();
        match &event {
            Event::Start(Tag::CodeBlock(_)) => in_code_block = true,
            Event::End(TagEnd::CodeBlock) => in_code_block = false,
            Event::Start(Tag::Link { .. }) => in_link = true,
            Event::End(TagEnd::Link) => in_link = false,
            _ => {}
        }
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                // Collect the heading's text for its id; keep the events.
                let mut text = String::new();
                let mut j = i + 1;
                while j < events.len() {
                    match &events[j] {
                        Event::End(TagEnd::Heading(_)) => break,
                        Event::Text(t) | Event::Code(t) => text.push_str(t),
                        _ => {}
                    }
                    j += 1;
                }
                let id = match rule_at_start(&text) {
                    Some(rule) => rule.to_string(),
                    None => slug(&text),
                };
                in_heading = Some(out.len());
                out.push(Event::Html(CowStr::from(format!(
                    "<{} id=\"{}\">",
                    heading_tag(level),
                    escape(&id)
                ))));
            }
            Event::End(TagEnd::Heading(level)) => {
                in_heading = None;
                out.push(Event::Html(CowStr::from(format!(
                    "<a class=\"self\" href=\"#{}\">¶</a></{}>\n",
                    escape(&heading_id(&out)),
                    heading_tag(level)
                ))));
            }
            Event::Start(Tag::Strong) => {
                let rule = match events.get(i + 1) {
                    Some(Event::Text(t)) => rule_at_start(t)
                        .filter(|id| defined.contains(*id))
                        .map(|id| (id.to_string(), t[id.len()..].to_string())),
                    _ => None,
                };
                match rule {
                    Some((id, rest)) if starts_item(&out) => {
                        // `<strong id=ID><a href=#ID>ID</a> — title.</strong>`
                        out.push(Event::Html(CowStr::from(format!(
                            "<strong class=\"rule\" id=\"{0}\"><a class=\"self\" href=\"#{0}\">{0}</a>",
                            escape(&id)
                        ))));
                        out.push(Event::Text(CowStr::from(rest)));
                        i += 2;
                        while i < events.len() {
                            match &events[i] {
                                Event::End(TagEnd::Strong) => {
                                    out.push(Event::Html(CowStr::from("</strong>")));
                                    break;
                                }
                                other => out.push(other.clone()),
                            }
                            i += 1;
                        }
                    }
                    _ => out.push(Event::Start(Tag::Strong)),
                }
            }
            Event::Text(text) if !in_code_block && !in_link && in_heading.is_none() => {
                link_rules(&text, &defined, &mut out);
            }
            other => out.push(other),
        }
        i += 1;
    }
    let mut html = String::with_capacity(markdown.len() * 2);
    pulldown_cmark::html::push_html(&mut html, out.into_iter());
    html
}

/// Whether the events so far end at the opening of a list item (possibly inside its first
/// paragraph).
fn starts_item(out: &[Event]) -> bool {
    matches!(out.last(), Some(Event::Start(Tag::Item)))
        || matches!(
            out.get(out.len().wrapping_sub(2)..),
            Some([Event::Start(Tag::Item), Event::Start(Tag::Paragraph)])
        )
}

fn heading_id(out: &[Event]) -> String {
    for e in out.iter().rev() {
        if let Event::Html(h) = e {
            if let Some(rest) = h.strip_prefix("<h") {
                if let Some((_, tail)) = rest.split_once("id=\"") {
                    return tail.split('"').next().unwrap_or("").to_string();
                }
            }
        }
    }
    String::new()
}

fn heading_tag(level: HeadingLevel) -> &'static str {
    match level {
        HeadingLevel::H1 => "h1",
        HeadingLevel::H2 => "h2",
        HeadingLevel::H3 => "h3",
        HeadingLevel::H4 => "h4",
        HeadingLevel::H5 => "h5",
        HeadingLevel::H6 => "h6",
    }
}

/// Splits text into plain parts and links to the rule IDs it mentions that SPEC.md defines.
fn link_rules<'a>(text: &str, defined: &BTreeSet<String>, out: &mut Vec<Event<'a>>) {
    let mut plain = String::new();
    let mut rest = text;
    while !rest.is_empty() {
        match find_rule(rest) {
            Some((start, len)) if defined.contains(&rest[start..start + len]) => {
                plain.push_str(&rest[..start]);
                if !plain.is_empty() {
                    out.push(Event::Text(CowStr::from(std::mem::take(&mut plain))));
                }
                let id = &rest[start..start + len];
                out.push(Event::Html(CowStr::from(format!(
                    "<a class=\"ref\" href=\"#{0}\">{0}</a>",
                    escape(id)
                ))));
                rest = &rest[start + len..];
            }
            Some((start, len)) => {
                plain.push_str(&rest[..start + len]);
                rest = &rest[start + len..];
            }
            None => {
                plain.push_str(rest);
                rest = "";
            }
        }
    }
    if !plain.is_empty() {
        out.push(Event::Text(CowStr::from(plain)));
    }
}

/// The first rule ID in `text`: (byte offset, length). A rule ID is upper-case letters, a hyphen
/// and dot-separated numbers (`KUMA-7.4`, `CORE-1`, `BHB-1.2`), not inside a longer word.
pub fn find_rule(text: &str) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_uppercase() && (i == 0 || !bytes[i - 1].is_ascii_alphanumeric()) {
            if let Some(len) = rule_len(&bytes[i..]) {
                return Some((i, len));
            }
        }
        i += 1;
    }
    None
}

/// The length of the rule ID at the start of `bytes`, if one is there.
fn rule_len(bytes: &[u8]) -> Option<usize> {
    let letters = bytes.iter().take_while(|b| b.is_ascii_uppercase()).count();
    if letters < 2 || bytes.get(letters) != Some(&b'-') {
        return None;
    }
    let mut end = letters + 1;
    let digits = bytes[end..]
        .iter()
        .take_while(|b| b.is_ascii_digit())
        .count();
    if digits == 0 {
        return None;
    }
    end += digits;
    while bytes.get(end) == Some(&b'.') {
        let more = bytes[end + 1..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if more == 0 {
            break;
        }
        end += 1 + more;
    }
    if bytes.get(end).is_some_and(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    Some(end)
}

/// The rule ID `text` opens with, if any.
fn rule_at_start(text: &str) -> Option<&str> {
    rule_len(text.as_bytes()).map(|n| &text[..n])
}

/// A heading's anchor when it names no rule: lower-case words joined by hyphens.
fn slug(text: &str) -> String {
    let mut s = String::new();
    for word in text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
    {
        if !s.is_empty() {
            s.push('-');
        }
        s.push_str(&word.to_lowercase());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_found_whole() {
        assert_eq!(find_rule("see KUMA-7.4."), Some((4, 8)));
        assert_eq!(find_rule("(CONGO-5)"), Some((1, 7)));
        assert_eq!(find_rule("BHB-1.2, and"), Some((0, 7)));
        assert_eq!(find_rule("xKUMA-1"), None);
        assert_eq!(find_rule("KUMA-"), None);
        assert_eq!(find_rule("K-1"), None, "one letter is no game prefix");
    }

    #[test]
    fn rules_get_anchors_and_mentions_get_links() {
        let md = "### KUMA-7 Legality\n\n- **KUMA-7.4 — The Blind Bear wins.** Text.\n\
                  - **KUMA-7.5 — Fifty.** As KUMA-7.4 says; not CORE-9.\n\n```\nKUMA-7.4\n```\n";
        let html = render(md);
        assert!(html.contains("<h3 id=\"KUMA-7\">"), "{html}");
        assert!(html.contains("id=\"KUMA-7.4\""), "{html}");
        assert!(html.contains("id=\"KUMA-7.5\""), "{html}");
        assert!(
            html.contains("As <a class=\"ref\" href=\"#KUMA-7.4\">KUMA-7.4</a> says"),
            "{html}"
        );
        assert!(
            html.contains("not CORE-9."),
            "an undefined ID stays text: {html}"
        );
        assert!(
            html.contains("<code>KUMA-7.4\n</code>"),
            "code stays code: {html}"
        );
        assert_eq!(defined_rules(md), vec!["KUMA-7", "KUMA-7.4", "KUMA-7.5"]);
    }

    #[test]
    fn every_rule_of_spec_md_has_its_anchor() {
        let html = render(SPEC_MD);
        let rules = defined_rules(SPEC_MD);
        assert!(rules.len() > 100, "{} rules", rules.len());
        for id in ["KUMA-7.4", "KUMA-4.2", "CORE-1.3", "CONGO-1.2", "BHB-1.2"] {
            assert!(rules.iter().any(|r| r == id), "{id} not found as a rule");
        }
        for id in &rules {
            assert!(html.contains(&format!("id=\"{id}\"")), "no anchor for {id}");
        }
    }
}
