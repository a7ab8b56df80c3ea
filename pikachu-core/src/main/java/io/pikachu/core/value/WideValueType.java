package io.pikachu.core.value;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.immutables.value.Value;

/**
 * {@link ValueType} for values of many fields: built only by name ({@code builder()...build()},
 * {@code builder().from(other)} for a copy that changes a few), never by a positional {@code
 * of(...)} whose dozen arguments of one type a caller could swap without the compiler noticing.
 */
@Target({ElementType.PACKAGE, ElementType.TYPE})
@Retention(RetentionPolicy.CLASS)
@Value.Style(
    allParameters = false,
    jdkOnly = true,
    defaults = @Value.Immutable(copy = true),
    overshadowImplementation = true)
public @interface WideValueType {}
