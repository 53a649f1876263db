//! Hand-written argument parsing: positionals and `--name value` / `--name=value` options.

use super::error::CliError;

/// A command line split into positional arguments and options, checked against the options a
/// command accepts.
#[derive(Debug, Default)]
pub struct Parsed {
    pub positionals: Vec<String>,
    options: Vec<(&'static str, String)>,
    flags: Vec<&'static str>,
}

/// Splits `args` (the words after the command name). Every option takes a value; `allowed` lists
/// the option names (without `--`) the command accepts. `--` ends the options. A word that starts
/// with `-` and a digit (`-1`) is a positional, so that a negative depth is reported as a bad
/// depth rather than an unknown option.
///
/// # Errors
/// [`CliError::Usage`] for an option the command does not accept or an option without its value.
pub fn parse(args: &[String], allowed: &[&'static str]) -> Result<Parsed, CliError> {
    parse_with_flags(args, allowed, &[])
}

/// [`parse`] for a command that also takes `flags`: options without a value (`--json`), read
/// with [`Parsed::flag`].
///
/// # Errors
/// As [`parse`]; a flag given a value (`--json=yes`) is an error too.
pub fn parse_with_flags(
    args: &[String],
    allowed: &[&'static str],
    flags: &[&'static str],
) -> Result<Parsed, CliError> {
    let mut parsed = Parsed::default();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word == "--" {
            parsed.positionals.extend(words.by_ref().cloned());
            break;
        }
        let looks_numeric = word
            .strip_prefix('-')
            .is_some_and(|rest| rest.starts_with(|c: char| c.is_ascii_digit()));
        let Some(body) = word.strip_prefix('-').filter(|_| !looks_numeric) else {
            parsed.positionals.push(word.clone());
            continue;
        };
        let body = body.strip_prefix('-').unwrap_or(body);
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_string())),
            None => (body, None),
        };
        if let Some(&flag) = flags.iter().find(|f| **f == name) {
            if inline.is_some() {
                return Err(CliError::Usage(format!("option --{flag} takes no value")));
            }
            parsed.flags.push(flag);
            continue;
        }
        let Some(&name) = allowed.iter().find(|a| **a == name) else {
            return Err(CliError::Usage(format!("unknown option {word:?}")));
        };
        let value = match inline {
            Some(v) => v,
            None => words
                .next()
                .cloned()
                .ok_or_else(|| CliError::Usage(format!("option --{name} needs a value")))?,
        };
        parsed.options.push((name, value));
    }
    Ok(parsed)
}

impl Parsed {
    /// The value of an option that may be given at most once.
    ///
    /// # Errors
    /// [`CliError::Usage`] if it was given more than once.
    pub fn single(&self, name: &str) -> Result<Option<&str>, CliError> {
        match self.all(name)[..] {
            [] => Ok(None),
            [value] => Ok(Some(value)),
            _ => Err(CliError::Usage(format!("option --{name} given twice"))),
        }
    }

    /// Whether the flag `name` was given.
    pub fn flag(&self, name: &str) -> bool {
        self.flags.contains(&name)
    }

    /// Every value of a repeatable option, in order.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.options
            .iter()
            .filter(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Exactly `names.len()` positional arguments, named for the error message.
    ///
    /// # Errors
    /// [`CliError::Usage`] naming the first missing argument, or the first extra one.
    pub fn positionals<const N: usize>(&self, names: [&str; N]) -> Result<[&str; N], CliError> {
        if let Some(extra) = self.positionals.get(N) {
            return Err(CliError::Usage(format!("unexpected argument {extra:?}")));
        }
        let mut out = [""; N];
        for (i, name) in names.iter().enumerate() {
            out[i] = self
                .positionals
                .get(i)
                .ok_or_else(|| CliError::Usage(format!("missing argument <{name}>")))?;
        }
        Ok(out)
    }
}

/// Parses a whole number for option or argument `what`; `_` and `,` may group digits
/// (`5_000_000`).
///
/// # Errors
/// [`CliError::Usage`] if it is not a number in `min..=max`.
pub fn number<T>(what: &str, text: &str, min: T, max: T) -> Result<T, CliError>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy,
{
    let digits: String = text.chars().filter(|c| !matches!(c, '_' | ',')).collect();
    let bad = || {
        CliError::Usage(format!(
            "{what} must be a whole number from {min} to {max}, not {text:?}"
        ))
    };
    let n = digits.parse::<T>().map_err(|_| bad())?;
    if n < min || n > max {
        return Err(bad());
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn splits_positionals_and_options() {
        let p = parse(
            &words("kuma 3 --threads 2 --fen=x --switch a=b --switch c=d"),
            &["threads", "fen", "switch"],
        )
        .unwrap();
        assert_eq!(p.positionals, vec!["kuma", "3"]);
        assert_eq!(p.single("threads").unwrap(), Some("2"));
        assert_eq!(p.single("fen").unwrap(), Some("x"));
        assert_eq!(p.all("switch"), vec!["a=b", "c=d"]);
        assert_eq!(p.positionals(["game", "depth"]).unwrap(), ["kuma", "3"]);
    }

    #[test]
    fn rejects_unknown_repeated_and_valueless_options() {
        assert!(parse(&words("--bogus 1"), &["fen"]).is_err());
        assert!(parse(&words("kuma --fen"), &["fen"]).is_err());
        let p = parse(&words("--fen a --fen b"), &["fen"]).unwrap();
        assert!(p.single("fen").is_err());
        assert!(p.positionals(["game"]).is_err());
        let p = parse(&words("a b c"), &[]).unwrap();
        assert!(p.positionals(["x", "y"]).is_err());
    }

    #[test]
    fn negative_numbers_are_positionals_and_rejected_as_numbers() {
        let p = parse(&words("kuma -1"), &[]).unwrap();
        assert_eq!(p.positionals, vec!["kuma", "-1"]);
        assert!(number::<u32>("depth", "-1", 0, 64).is_err());
        assert!(number::<u32>("depth", "65", 0, 64).is_err());
        assert!(number::<u32>("depth", "x", 0, 64).is_err());
        assert_eq!(
            number::<u64>("nodes", "5_000,000", 0, u64::MAX).unwrap(),
            5_000_000
        );
    }
}
