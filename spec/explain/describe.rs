//! Words for directions, distances and lines, owner-relative as SPEC.md writes them.

use crate::trace::{Line, Modality, Movement, Stop};
use crate::{Colour, Offset, Square};

/// `to − from` as the owner of the moving piece sees it (forward is a positive rank).
pub fn delta(from: Square, to: Square, owner: Colour) -> Offset {
    let d = Offset::new(
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    );
    d.for_colour(owner)
}

/// A board offset as the owner sees it.
pub fn delta_of(dir: Offset, owner: Colour) -> Offset {
    dir.for_colour(owner)
}

fn gcd(a: i8, b: i8) -> i8 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1) as i8
}

/// The shortest offset in the direction of `d`.
pub fn unit(d: Offset) -> Offset {
    let g = gcd(d.file, d.rank);
    Offset::new(d.file / g, d.rank / g)
}

/// `straight forward`, `diagonally back`, `sideways`, or for a leap `two files and one rank
/// forward`.
pub fn direction_name(unit: Offset, delta: Offset) -> String {
    let (f, r) = (unit.file, unit.rank);
    let straight = f == 0 || r == 0 || f.abs() == r.abs();
    if straight {
        return match (f.signum(), r.signum()) {
            (0, 1) => "straight forward",
            (0, -1) => "straight back",
            (_, 0) => "sideways",
            (_, 1) => "diagonally forward",
            _ => "diagonally back",
        }
        .to_string();
    }
    let way = if delta.rank > 0 { "forward" } else { "back" };
    format!(
        "{} and {} {way}",
        count(delta.file.unsigned_abs(), "file"),
        count(delta.rank.unsigned_abs(), "rank")
    )
}

fn count(n: u8, what: &str) -> String {
    let word = match n {
        1 => "one",
        2 => "two",
        3 => "three",
        4 => "four",
        _ => return format!("{n} {what}s"),
    };
    if n == 1 {
        format!("{word} {what}")
    } else {
        format!("{word} {what}s")
    }
}

/// `one square`, `two squares`, …
pub fn squares(n: u32) -> String {
    count(n.min(255) as u8, "square")
}

/// How many steps of its direction a line may take at most (`None`: unlimited).
pub fn length(line: &Line) -> Option<u32> {
    match line.movement {
        Movement::Leap | Movement::Jump => Some(1),
        Movement::Range(n) => Some(u32::from(n)),
        Movement::Slide => None,
    }
}

/// The movement of a line in words: `moves up to two squares diagonally forward`.
pub fn line_phrase(line: &Line, owner: Colour) -> String {
    let d = delta_of(line.dir, owner);
    let dir = direction_name(unit(d), d);
    let step = u32::from(d.file.unsigned_abs().max(d.rank.unsigned_abs()));
    let straight = d.file == 0 || d.rank == 0 || d.file.abs() == d.rank.abs();
    let how = match line.movement {
        Movement::Leap if !straight => format!("leaps {dir}"),
        Movement::Leap if step == 1 => format!("steps one square {dir}"),
        Movement::Leap => format!("leaps exactly {} {dir}", squares(step)),
        Movement::Range(n) => format!("moves up to {} {dir}", squares(u32::from(n))),
        Movement::Slide => format!("slides {dir}"),
        Movement::Jump => format!("jumps an adjacent enemy piece {dir}"),
    };
    let modality = match line.modality {
        Modality::MoveOrCapture => "",
        Modality::MoveOnly => ", to an empty square only",
        Modality::CaptureOnly => ", only to capture",
    };
    // A line a rule keeps in a region says so (CONGO-3.6: towards the river, no farther).
    let region = match line.stop {
        Stop::Region(_, why) => format!(" ({why})"),
        _ => String::new(),
    };
    format!("{how}{modality}{region}")
}
